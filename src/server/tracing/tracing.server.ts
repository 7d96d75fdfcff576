import type { IncomingMessage, ServerResponse } from "node:http";
import { context, type Tracer } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { Implementation } from "@/src/backend/http/router";
import type { Config } from "@/src/config/env.server";
import type { IdinProvider } from "@/src/domain/identity/idin-provider";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { withTimeout } from "@/src/lib/with-timeout";
import type { AppServices } from "@/src/shop/app/request-context";
import type { ContentSource } from "@/src/shop/cms/source/types";
import { routeSources } from "../metrics/process-metrics.server";
import { createRouteTemplates } from "../metrics/route-template";
import { createSpanExport } from "./span-export.server";
import { tracePglite, tracePgPool } from "./traced-database.server";
import {
  propagatingFetch,
  tracedClients,
  tracedHandler,
  tracedIdin,
  tracedImplementations,
  tracedPayments,
  tracedSource,
} from "./traced-seams.server";

type Handle = (req: IncomingMessage, res: ServerResponse) => void;

/** How long shutting down waits for the last spans to go out. */
const FLUSH_TIMEOUT_MS = 2_000;

let contextManagerSet = false;

/** The request's context follows its async work (AsyncLocalStorage); one manager per process, kept. */
function ensureContextManager(): void {
  if (contextManagerSet) return;
  contextManagerSet = context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

const unchanged = <T>(value: T) => value;

/**
 * The traces of this process (decision 24), as the composition root wires them. Trace context (each
 * request's span, the trace id in its log lines, `traceparent` on its calls upstream) is always on unless
 * `OTEL_SDK_DISABLED=true`; spans are recorded and exported only with `OTEL_EXPORTER_OTLP_ENDPOINT`, and
 * without it every seam wrapper hands back what it was given.
 */
export function processTracing(config: Config, logger: Logger, version: string) {
  const settings = config.tracing;
  if (settings.context) ensureContextManager();
  const exporting = settings.export && createSpanExport({ ...settings.export, version, logger });
  const tracer: Tracer | undefined = exporting ? exporting.tracer : undefined;
  if (exporting) logger.info({ url: settings.export?.url }, "traces: exporting spans by OTLP");
  return {
    /** The fetch of the front end's calls over HTTP: it carries `traceparent`. */
    fetch: settings.context ? propagatingFetch() : undefined,
    source: tracer ? (source: ContentSource) => tracedSource(source, tracer) : unchanged<ContentSource>,
    clients: tracer
      ? (clientsFor: AppServices["clientsFor"]): AppServices["clientsFor"] =>
          (exchange) =>
            tracedClients(clientsFor(exchange), tracer)
      : unchanged<AppServices["clientsFor"]>,
    payments: tracer
      ? (provider: PaymentProvider) => tracedPayments(provider, tracer)
      : unchanged<PaymentProvider>,
    idin: tracer ? (provider: IdinProvider) => tracedIdin(provider, tracer) : unchanged<IdinProvider>,
    implementations: (implementations: readonly Implementation[]) =>
      tracer ? tracedImplementations(implementations, tracer) : implementations,
    database: (database: { kind: "pglite" | "postgres"; db: unknown }) => {
      if (!tracer) return;
      const client = (database.db as { $client: never }).$client;
      if (database.kind === "pglite") tracePglite(client, tracer);
      else tracePgPool(client, tracer);
    },
    handler: async (handle: Handle, serverBuild: () => Promise<ServerBuild>): Promise<Handle> => {
      if (!settings.context) return handle;
      const routes = tracer ? createRouteTemplates(await routeSources(serverBuild, logger)) : undefined;
      return tracedHandler(handle, tracer, routes);
    },
    /** Sends what is still batched, waiting at most 2 s (an endpoint that is down does not hold shutdown). */
    shutdown: async () => {
      if (!exporting) return;
      await withTimeout(exporting.provider.shutdown(), FLUSH_TIMEOUT_MS).catch((error: unknown) =>
        logger.warn({ err: error }, "traces: could not send the last spans"),
      );
    },
  };
}
