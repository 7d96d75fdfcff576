import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "@/src/backend/db/database.server";
import { capturedLogger } from "@/tests/support/captured-logs";
import { until } from "@/tests/support/until";
import { registerDatabaseGauges } from "./database-gauges.server";
import { startMetricsListener } from "./listener.server";
import { createMetrics, measuredHandler } from "./metrics.server";
import type { RouteTemplates } from "./route-template";

/** Decision 23: the metrics failing never fails a request, a scrape or the start of the shop. */
const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function serve(handle: Parameters<typeof createServer>[1]): Promise<string> {
  return new Promise((resolve) => {
    const server = createServer(handle).listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
    });
    closers.push(() => {
      server.closeAllConnections();
      server.close();
    });
  });
}

describe("metrics that fail", () => {
  it("leave the request answered, and say so at warn", async () => {
    const { logger, logs } = capturedLogger();
    const broken: RouteTemplates = {
      routeOf: () => {
        throw new Error("no route");
      },
    };
    const url = await serve(
      measuredHandler((_req, res) => res.end("antwoord"), createMetrics(logger), broken),
    );
    const response = await fetch(`${url}/loten`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("antwoord");
    await until(
      () => logs.some((line) => line.msg === "could not record a request's metrics" && line.level === 40),
      "the warning",
    );
  });

  it("leave a database count out of the scrape when the database fails", async () => {
    const { logger, logs } = capturedLogger();
    const metrics = createMetrics(logger);
    const failing = { execute: () => Promise.reject(new Error("database away")) } as unknown as Db;
    registerDatabaseGauges(metrics, failing);
    const text = await metrics.registry.metrics();
    expect(text).toContain("shop_metrics_database_read_errors_total 1");
    expect(text).not.toMatch(/^shop_orders\{/m);
    expect(text).toContain("nodejs_heap_size_used_bytes");
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 40, msg: "metrics: could not count the database's rows" }),
    );
  });

  it("start no listener on a port already taken, with a warning", async () => {
    const { logger, logs } = capturedLogger();
    const taken = new URL(await serve((_req, res) => res.end())).port;
    const registry = createMetrics(logger).registry;
    const listener = await startMetricsListener({ port: Number(taken), host: "127.0.0.1", registry, logger });
    expect(listener).toBeUndefined();
    expect(logs).toContainEqual(expect.objectContaining({ level: 40, msg: "metrics listener not started" }));
  });
});
