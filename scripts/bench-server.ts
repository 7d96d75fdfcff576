// The built shop as a child process on 127.0.0.1 for the benchmarks (`npm run build` first).
import { type ChildProcess, spawn } from "node:child_process";

export type ShopProcess = { url: string; child: ChildProcess };

async function waitForReady(url: string, timeoutMs = 30_000): Promise<void> {
  for (let attempt = 0; attempt < timeoutMs / 100; attempt++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} did not become ready`);
}

/**
 * Starts `server.mjs` of the checkout in `cwd` (this one by default) on `port`, on an in-memory PGlite
 * unless `env` says otherwise, and resolves once it answers `/readyz`.
 */
export async function startShopProcess(options: {
  port: number;
  cwd?: string;
  env?: Record<string, string>;
  logLevel?: string;
  /** A file descriptor for the server's output (its log lines); by default they are discarded. */
  output?: number;
  /** How long to wait for `/readyz`. */
  readyTimeoutMs?: number;
}): Promise<ShopProcess> {
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      PGLITE_DATA_DIR: "memory://",
      DATABASE_URL: "",
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-00",
      LOG_LEVEL: options.logLevel ?? "info",
      ...options.env,
    },
    stdio: ["ignore", options.output ?? "ignore", options.output ?? "inherit"],
  });
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForReady(url, options.readyTimeoutMs);
  } catch (error) {
    child.kill();
    throw error;
  }
  return { url, child };
}

/** Stops a shop process with SIGTERM and waits until it has exited. */
export function stopShopProcess(shop: ShopProcess): Promise<void> {
  return new Promise((resolve) => {
    if (shop.child.exitCode !== null) return resolve();
    shop.child.once("exit", () => resolve());
    shop.child.kill("SIGTERM");
  });
}
