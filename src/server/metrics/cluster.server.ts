import type { Serializable } from "node:child_process";
import cluster from "node:cluster";
import {
  AggregatorRegistry,
  Gauge,
  type MetricObjectWithValues,
  type MetricValue,
  Registry,
} from "prom-client";
import { z } from "zod";

/**
 * Metrics under `WEB_CONCURRENCY` (node:cluster): the primary process serves the metrics port and asks
 * every worker for its metrics over the cluster's IPC channel at each scrape; prom-client's
 * AggregatorRegistry sums them (counters, histograms) or applies a metric's own `aggregator` (the gauges
 * counted from the database take the largest, not the sum of N equal counts). A worker that does not answer
 * within the time-out is left out of that scrape and counted, never holding the scrape up.
 */
const REQUEST = "kroonloterij:metrics-request";
const ANSWER = "kroonloterij:metrics-answer";

type WorkerMetrics = MetricObjectWithValues<MetricValue<string>>[];

const AnswerSchema = z.object({
  type: z.literal(ANSWER),
  id: z.number(),
  metrics: z.array(z.looseObject({ name: z.string(), values: z.array(z.unknown()) })).optional(),
});

/** The part of a cluster worker the primary talks to (node:cluster's Worker has it). */
export type MetricsWorker = {
  isConnected: () => boolean;
  send: (message: unknown) => unknown;
  on: (event: "message" | "exit", listener: (message: unknown) => void) => unknown;
  off: (event: "message" | "exit", listener: (message: unknown) => void) => unknown;
};

/**
 * A worker's answer to one message from the primary: its registry's metrics when the message asks for
 * them (an empty answer when they cannot be read); any other message is not ours and is left alone.
 */
export function answerRequest(registry: Registry, message: unknown, send: (answer: unknown) => void): void {
  const request = z.object({ type: z.literal(REQUEST), id: z.number() }).safeParse(message);
  if (!request.success) return;
  const { id } = request.data;
  registry.getMetricsAsJSON().then(
    (metrics) => send({ type: ANSWER, id, metrics }),
    () => send({ type: ANSWER, id }),
  );
}

/** In a worker: answers the primary's requests with this process's registry (no listener of its own). */
export function answerPrimary(registry: Registry): () => void {
  const onMessage = (message: unknown) =>
    answerRequest(registry, message, (answer) => process.send?.(answer as Serializable));
  process.on("message", onMessage);
  return () => {
    process.off("message", onMessage);
  };
}

/** One worker's metrics, or undefined when it fails, exits or does not answer within `timeoutMs`. */
function askWorker(worker: MetricsWorker, id: number, timeoutMs: number): Promise<WorkerMetrics | undefined> {
  return new Promise((resolve) => {
    const finish = (metrics: WorkerMetrics | undefined) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("exit", onExit);
      resolve(metrics);
    };
    const onMessage = (message: unknown) => {
      const answer = AnswerSchema.safeParse(message);
      if (answer.success && answer.data.id === id) finish(answer.data.metrics as WorkerMetrics | undefined);
    };
    const onExit = () => finish(undefined);
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    worker.on("message", onMessage);
    worker.on("exit", onExit);
    try {
      worker.send({ type: REQUEST, id });
    } catch {
      finish(undefined);
    }
  });
}

/**
 * The primary's scrape: every connected worker's metrics, aggregated, plus the primary's own gauges (the
 * workers running, and those left out of this scrape).
 */
export function createClusterScrape(options: {
  workers: () => MetricsWorker[];
  timeoutMs: number;
}): Pick<Registry, "contentType" | "metrics"> {
  const own = new Registry();
  let nextId = 0;
  let lastMissing = 0;
  new Gauge({
    name: "shop_cluster_workers",
    help: "Worker processes of the shop (WEB_CONCURRENCY) connected to the primary",
    registers: [own],
    collect() {
      this.set(options.workers().filter((worker) => worker.isConnected()).length);
    },
  });
  new Gauge({
    name: "shop_metrics_workers_missing",
    help: "Workers whose metrics are missing from this scrape (no answer in time, or gone)",
    registers: [own],
    collect() {
      this.set(lastMissing);
    },
  });
  return {
    contentType: own.contentType,
    async metrics() {
      const id = nextId++;
      const workers = options.workers().filter((worker) => worker.isConnected());
      const answers = await Promise.all(workers.map((worker) => askWorker(worker, id, options.timeoutMs)));
      const answered = answers.filter((answer): answer is WorkerMetrics => answer !== undefined);
      lastMissing = workers.length - answered.length;
      const aggregated = AggregatorRegistry.aggregate([...answered, await own.getMetricsAsJSON()]);
      return aggregated.metrics();
    },
  };
}

/** The cluster's workers, as node:cluster lists them in the primary. */
export function clusterWorkers(): MetricsWorker[] {
  return Object.values(cluster.workers ?? {}).flatMap((worker) =>
    worker
      ? [
          {
            isConnected: () => worker.isConnected(),
            send: (message: unknown) => worker.send(message as Serializable),
            on: (event: "message" | "exit", listener: (message: unknown) => void) =>
              worker.on(event, listener),
            off: (event: "message" | "exit", listener: (message: unknown) => void) =>
              worker.off(event, listener),
          },
        ]
      : [],
  );
}
