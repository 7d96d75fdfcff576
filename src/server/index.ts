/**
 * Entry of the server bundle (`build/server/index.js`): the Express app plus React Router's server build.
 * `server.mjs` imports it in production; in development Vite loads it through its module graph.
 */
import type { ServerBuild } from "react-router";
import { exitOnConfigError, type StartOptions, startServer } from "./main";

export const loadServerBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

export function start(
  options: Omit<StartOptions, "serverBuild"> & { serverBuild?: StartOptions["serverBuild"] } = {},
) {
  return startServer({ serverBuild: loadServerBuild, ...options }).catch(exitOnConfigError);
}

export { startServer };
