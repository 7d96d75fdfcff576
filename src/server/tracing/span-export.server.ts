import { ExportResultCode } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BatchSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import type { Logger } from "pino";

/** How often at most a failing exporter is logged (decision 24). */
export const EXPORT_FAILURE_LOG_INTERVAL_MS = 60_000;
/** How long one export may take before it counts as failed; it runs beside the requests, never in them. */
const EXPORT_TIMEOUT_MS = 5_000;

/**
 * The exporter, whose failures are logged at most once per interval and otherwise dropped: spans are best
 * effort, and an endpoint that is down must neither fail nor slow a request, nor flood the log.
 */
export function quietExporter(
  inner: SpanExporter,
  logger: Logger,
  now: () => number = Date.now,
): SpanExporter {
  let lastLogged = Number.NEGATIVE_INFINITY;
  return {
    export(spans: ReadableSpan[], done) {
      inner.export(spans, (result) => {
        if (
          result.code !== ExportResultCode.SUCCESS &&
          now() - lastLogged >= EXPORT_FAILURE_LOG_INTERVAL_MS
        ) {
          lastLogged = now();
          logger.warn(
            { err: result.error, spans: spans.length },
            "traces: could not export spans (logged once a minute while it lasts)",
          );
        }
        done(result);
      });
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}

/**
 * The spans of this process, batched and sent by OTLP over HTTP (JSON) to `url`. The provider is this
 * server's own, not registered globally, so two servers in one process (tests) each keep theirs.
 */
export function createSpanExport(options: {
  url: string;
  serviceName: string;
  version: string;
  scheduledDelayMs: number;
  logger: Logger;
}) {
  const exporter = new OTLPTraceExporter({ url: options.url, timeoutMillis: EXPORT_TIMEOUT_MS });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      "service.name": options.serviceName,
      "service.version": options.version,
    }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: quietExporter(exporter, options.logger),
        scheduledDelayMillis: options.scheduledDelayMs,
      }),
    ],
  });
  return { tracer: provider.getTracer("kroonloterij-webshop", options.version), provider };
}
