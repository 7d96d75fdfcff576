#!/usr/bin/env node
// Starts the shop. Production: the built bundle in build/. Development (--dev): Vite with hot reload.
// WEB_CONCURRENCY=N (production, PostgreSQL) runs one process per core behind node:cluster.
import cluster from "node:cluster";
import { readFileSync } from "node:fs";

const dev = process.argv.includes("--dev");

/** How many processes serve; anything but a whole number from 1 to 64 stops start-up, naming it. */
function concurrency() {
  const raw = process.env.WEB_CONCURRENCY?.trim();
  if (!raw) return 1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 64) {
    console.error(`WEB_CONCURRENCY must be a whole number from 1 to 64, not "${raw}"`);
    process.exit(1);
  }
  return value;
}

/** The primary's bundle in the server build, as Vite's manifest names it. */
function clusterMetricsEntry() {
  const manifest = JSON.parse(readFileSync(new URL("./build/server/.vite/manifest.json", import.meta.url)));
  const file = manifest["src/server/metrics/cluster-primary.server.ts"]?.file;
  if (!file) throw new Error("build/server has no cluster metrics entry: run `npm run build`");
  return new URL(`./build/server/${file}`, import.meta.url).href;
}

/**
 * The primary process starts and watches the workers: the first one alone (it applies the database
 * migrations), then the rest. A worker that dies is replaced; SIGTERM drains every worker, then exits.
 * It also serves the metrics port for all of them (src/server/metrics/cluster-primary.server.ts), from a
 * small bundle of its own rather than the whole shop.
 */
async function runPrimary(workers) {
  if (!process.env.DATABASE_URL) {
    console.error("WEB_CONCURRENCY > 1 needs DATABASE_URL: the embedded database serves one process only");
    process.exit(1);
  }
  if (!process.env.SESSION_SECRET) {
    console.error(
      "WEB_CONCURRENCY > 1 needs SESSION_SECRET: every process must sign sessions and tokens alike",
    );
    process.exit(1);
  }
  let stopping = false;
  const { startClusterMetrics } = await import(clusterMetricsEntry());
  const closeMetrics = await startClusterMetrics(process.env);
  const exit = () => Promise.resolve(closeMetrics?.()).finally(() => process.exit(0));
  const fork = () => cluster.fork();
  const first = fork();
  first.once("listening", () => {
    for (let index = 1; index < workers; index++) fork();
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) exit();
      return;
    }
    console.error(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) exit();
    for (const worker of running) worker?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (dev) {
  process.env.NODE_ENV ??= "development";
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("/src/server/index.ts");
  await start({
    vite,
    handleSignals: true,
    serverBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
  });
} else if (cluster.isPrimary && concurrency() > 1) {
  await runPrimary(concurrency());
} else {
  process.env.NODE_ENV ??= "production";
  const { start } = await import("./build/server/index.js");
  await start({ handleSignals: true });
}
