import path from "node:path";
import { Writable } from "node:stream";
import type { RunningServer, StartOptions } from "@/src/server/main";

/**
 * The built shop (`build/server/index.js`, as `npm start` runs it) started in this process on an
 * ephemeral port of 127.0.0.1 with an in-memory database and quiet logs, for build-time scripts.
 */
export async function startBuiltServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const built = (await import(path.resolve("build/server/index.js"))) as {
    start: (options: Omit<StartOptions, "serverBuild">) => Promise<RunningServer>;
  };
  return built.start({
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      PGLITE_DATA_DIR: "memory://",
      METRICS_PORT: "off",
      LOG_LEVEL: "warn",
      ...env,
    },
    logDestination: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
  });
}

/** Debian Chromium's flags for this machine (no sandbox as root, no background network). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
