import cluster from "node:cluster";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { Db } from "@/src/backend/db/database.server";
import { IDIN_SIMULATOR_PATH } from "@/src/backend/simulators/idin/simulator.server";
import { MAILBOX_PATH } from "@/src/backend/simulators/mailbox/routes.server";
import { PAYMENT_NOTIFY_PATH, SIMULATOR_PATH } from "@/src/backend/simulators/payments/payment-routes.server";
import type { Config } from "@/src/config/env.server";
import { contract } from "@/src/contract/registry";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import type { AppServices } from "@/src/shop/app/request-context";
import type { ContentSource } from "@/src/shop/cms/source/types";
import type { ReadinessCheck } from "../app";
import { TELEMETRY_ENDPOINT } from "../telemetry";
import { answerPrimary } from "./cluster.server";
import { type PoolCounts, registerDatabaseGauges } from "./database-gauges.server";
import { startMetricsListener } from "./listener.server";
import { measuredClients, measuredPayments, measuredSource } from "./measured-upstreams.server";
import { createMetrics, measuredHandler, registerReadinessGauge } from "./metrics.server";
import { createRouteTemplates, type RouteTemplateSource, reactRouterTemplates } from "./route-template";

type Handle = (req: IncomingMessage, res: ServerResponse) => void;

/** The paths the shop answers outside the contract and React Router's routes (app.ts), as templates. */
const SHOP_ROUTES: readonly RouteTemplateSource[] = [
  "/healthz",
  "/readyz",
  "/builds/latest.json",
  "/builds/meta/{file}",
  "/assets/*",
  "/cms-assets/*",
  "/api/cms/webhook",
  "/api/cms/preview",
  "/api/cms/preview/exit",
  "/api/client-errors",
  TELEMETRY_ENDPOINT,
  PAYMENT_NOTIFY_PATH,
  `${SIMULATOR_PATH}/*`,
  `${IDIN_SIMULATOR_PATH}/*`,
  `${MAILBOX_PATH}/*`,
].map((template) => ({ template }));

/**
 * The metrics of this process (decision 23), as the composition root wires them: the content source, the
 * API clients and the request handler measured, the database counted, and the listener (under node:cluster
 * the primary's, which asks this worker at each scrape). With
 * `METRICS_PORT=off` nothing is measured and every wrapper gives back what it was handed.
 */
export function processMetrics(config: Config, logger: Logger) {
  const listener = config.metrics;
  if (!listener) {
    return {
      source: (source: ContentSource) => source,
      clients: (clientsFor: AppServices["clientsFor"]) => clientsFor,
      onLastGood: undefined,
      onDatabaseFailure: undefined,
      onOrderSettled: undefined,
      payments: (provider: PaymentProvider) => provider,
      readiness: (_checks: ReadinessCheck[]) => undefined,
      database: (_database: { db: Db; pool?: PoolCounts }) => undefined,
      handler: async (handle: Handle, _serverBuild: () => Promise<ServerBuild>) => handle,
      listen: async () => undefined,
    };
  }
  const metrics = createMetrics(logger);
  return {
    source: (source: ContentSource) => measuredSource(source, metrics),
    clients:
      (clientsFor: AppServices["clientsFor"]): AppServices["clientsFor"] =>
      (exchange) =>
        measuredClients(clientsFor(exchange), metrics),
    onLastGood: () => metrics.cmsLastGood.inc(),
    onDatabaseFailure: (kind: "unavailable" | "query") => metrics.databaseFailures.inc({ error_type: kind }),
    onOrderSettled: (status: string) => metrics.ordersSettled.inc({ outcome: status }),
    payments: (provider: PaymentProvider) => measuredPayments(provider, metrics),
    readiness: (checks: ReadinessCheck[]) => registerReadinessGauge(metrics, checks),
    database: (database: { db: Db; pool?: PoolCounts }) =>
      registerDatabaseGauges(metrics, database.db, database.pool),
    handler: async (handle: Handle, serverBuild: () => Promise<ServerBuild>) =>
      measuredHandler(handle, metrics, createRouteTemplates(await routeSources(serverBuild, logger))),
    listen: async (): Promise<{ url?: string; close: () => Promise<void> } | undefined> => {
      // A worker of node:cluster: the primary serves the port and asks each worker (cluster.server.ts).
      if (cluster.isWorker) {
        const stop = answerPrimary(metrics.registry);
        return { close: async () => stop() };
      }
      return startMetricsListener({ ...listener, registry: metrics.registry, logger });
    },
  };
}

/** Every template this process may answer under: the contract's endpoints, the pages, the rest. */
export async function routeSources(serverBuild: () => Promise<ServerBuild>, logger: Logger) {
  const endpoints = contract.map((endpoint) => ({ template: endpoint.path, method: endpoint.method }));
  try {
    const build = await serverBuild();
    return [...endpoints, ...reactRouterTemplates(build.routes), ...SHOP_ROUTES];
  } catch (error) {
    logger.warn({ err: error }, "metrics: no page routes, pages count under `other`");
    return [...endpoints, ...SHOP_ROUTES];
  }
}
