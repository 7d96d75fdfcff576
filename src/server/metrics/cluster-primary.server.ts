/**
 * Entry of the primary's small bundle (a second entry of the server build, found by server.mjs in Vite's
 * manifest): under `WEB_CONCURRENCY` the
 * primary serves the metrics port for all its workers (cluster.server.ts). Kept apart from the shop's
 * bundle so the primary, which only watches the workers, does not load the whole shop.
 */
import { parseConfig } from "@/src/config/env.server";
import { createLogger } from "../logger";
import { clusterWorkers, createClusterScrape } from "./cluster.server";
import { startMetricsListener } from "./listener.server";

/**
 * A worker whose metrics take longer than this is left out of the scrape: its database counts give up
 * after 2 s (database-gauges.server.ts), so a healthy worker answers well within it.
 */
const WORKER_TIMEOUT_MS = 3_000;

/**
 * Starts the cluster's metrics listener on METRICS_PORT / METRICS_HOST; nothing with `METRICS_PORT=off`
 * or a configuration the workers will refuse (they name the problem). Gives back how to close it.
 */
export async function startClusterMetrics(
  env: Record<string, string | undefined> = process.env,
): Promise<(() => Promise<void>) | undefined> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(env);
  } catch {
    return undefined;
  }
  if (!config.metrics) return undefined;
  const logger = createLogger(config.logLevel);
  const scrape = createClusterScrape({ workers: clusterWorkers, timeoutMs: WORKER_TIMEOUT_MS });
  const listener = await startMetricsListener({ ...config.metrics, registry: scrape, logger });
  return listener?.close;
}
