import { Writable } from "node:stream";
import type { RouteRule } from "@/src/lib/route-rules";
import type { RunningServer, StartOptions } from "@/src/server/main";

/**
 * Starts the built shop (build/server/index.js, as `npm start` runs it) in this process on an ephemeral
 * port of 127.0.0.1, with its JSON log lines captured for assertions.
 */
/** The test shops' session secret: it also signs the personal links of games of chance (issue 19). */
export const TEST_SESSION_SECRET = "test-secret-test-secret-test-secret-0123";

export type TestShop = RunningServer & {
  logs: Array<Record<string, unknown>>;
  logsMatching: (text: string) => Array<Record<string, unknown>>;
};

type BuiltServer = { start: (options: Omit<StartOptions, "serverBuild">) => Promise<RunningServer> };

export async function startTestShop(
  options: { env?: Record<string, string>; extraRouteRules?: RouteRule[] } = {},
): Promise<TestShop> {
  const logs: Array<Record<string, unknown>> = [];
  const logDestination = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n")) if (line.trim()) logs.push(JSON.parse(line));
      callback();
    },
  });
  const builtPath = new URL("../../build/server/index.js", import.meta.url).href;
  const built = (await import(/* @vite-ignore */ builtPath)) as BuiltServer;
  const running = await built.start({
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      BASE_URL: "http://shop.test",
      LOG_LEVEL: "info",
      SESSION_SECRET: TEST_SESSION_SECRET,
      // Tests and scripts run in parallel: a test that scrapes asks for a port (decision 23).
      METRICS_PORT: "off",
      PGLITE_DATA_DIR: "memory://",
      ...options.env,
    },
    logDestination,
    extraRouteRules: options.extraRouteRules,
  });
  return {
    ...running,
    logs,
    logsMatching: (text) => logs.filter((entry) => JSON.stringify(entry).includes(text)),
  };
}
