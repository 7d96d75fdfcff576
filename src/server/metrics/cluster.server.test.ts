import { EventEmitter } from "node:events";
import { Counter, Gauge, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { answerRequest, createClusterScrape, type MetricsWorker } from "./cluster.server";

/** A worker's registry as the shop fills it: a request counter, and a count read from the database. */
function workerRegistry(requests: number, paidOrders: number): Registry {
  const registry = new Registry();
  new Counter({ name: "test_requests_total", help: "requests", registers: [registry] }).inc(requests);
  new Gauge({
    name: "test_orders",
    help: "orders",
    labelNames: ["state"],
    aggregator: "max",
    registers: [registry],
  }).set({ state: "paid" }, paidOrders);
  return registry;
}

/** A worker on the other end of the IPC channel: answers with `registry`, or never (`undefined`). */
function fakeWorker(registry: Registry | undefined): MetricsWorker {
  const channel = new EventEmitter();
  return {
    isConnected: () => true,
    send: (message) => {
      if (registry) answerRequest(registry, message, (answer) => channel.emit("message", answer));
    },
    on: (event, listener) => channel.on(event, listener),
    off: (event, listener) => channel.off(event, listener),
  };
}

const value = (text: string, series: string) =>
  Number(new RegExp(`^${series.replace(/[{}]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1]);

describe("the cluster's scrape", () => {
  it("sums the workers' counters and takes the largest of a count every worker reads from the database", async () => {
    const workers = [fakeWorker(workerRegistry(3, 7)), fakeWorker(workerRegistry(4, 8))];
    const text = await createClusterScrape({ workers: () => workers, timeoutMs: 1_000 }).metrics();
    expect(value(text, "test_requests_total")).toBe(7);
    expect(value(text, 'test_orders{state="paid"}')).toBe(8);
    expect(value(text, "shop_cluster_workers")).toBe(2);
    expect(value(text, "shop_metrics_workers_missing")).toBe(0);
  });

  it("answers without a worker that does not answer in time, and counts it missing", async () => {
    const workers = [fakeWorker(workerRegistry(5, 2)), fakeWorker(undefined)];
    const started = performance.now();
    const text = await createClusterScrape({ workers: () => workers, timeoutMs: 200 }).metrics();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(value(text, "test_requests_total")).toBe(5);
    expect(value(text, "shop_metrics_workers_missing")).toBe(1);
  });

  it("leaves messages that are not the primary's request unanswered", async () => {
    const answers: unknown[] = [];
    answerRequest(workerRegistry(1, 1), { type: "something else", id: 1 }, (answer) => answers.push(answer));
    answerRequest(workerRegistry(1, 1), "plain text", (answer) => answers.push(answer));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers).toEqual([]);
  });
});
