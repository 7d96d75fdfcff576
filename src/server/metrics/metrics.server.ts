import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { withTimeout } from "@/src/lib/with-timeout";
import type { RouteTemplates } from "./route-template";

/**
 * One process's metrics (decision 23): prom-client's registry with Node's own series (event-loop delay,
 * heap, GC) and the shop's. Names follow OpenTelemetry's semantic conventions in Prometheus form where
 * one exists (`http_server_request_duration_seconds`); the shop's own series start with `shop_`. Labels
 * hold templates, methods, states and outcomes only: never an id, a path or an e-mail address.
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** OpenTelemetry's advised buckets for `http.server.request.duration`, in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
/** The methods OpenTelemetry names; any other is `_OTHER`, so a made-up method is no new series. */
const KNOWN_METHODS = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "CONNECT",
  "TRACE",
]);
const READINESS_TIMEOUT_MS = 2_000;
const CACHE_OUTCOMES: Record<string, string> = { HIT: "hit", STALE: "stale", MISS: "miss" };

export function createMetrics(logger: Logger) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    logger,
    httpDuration: new Histogram({
      name: "http_server_request_duration_seconds",
      help: "Duration of HTTP server requests, by route template, method and status",
      labelNames: ["http_request_method", "http_route", "http_response_status_code"],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    countCacheAnswer: pageCacheCounter(registers),
    rateLimitRefusals: new Counter({
      name: "shop_rate_limit_refusals_total",
      help: "Requests refused with 429 Too Many Requests, by route template",
      labelNames: ["http_route"],
      registers,
    }),
    apiCalls: new Histogram({
      name: "shop_api_client_call_duration_seconds",
      help: "Calls of the front end's API clients, by upstream, operation (method and path template) and outcome",
      labelNames: ["upstream", "operation", "outcome"],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    cmsSource: new Histogram({
      name: "shop_cms_source_duration_seconds",
      help: "Reads of the content source, by operation and outcome",
      labelNames: ["operation", "outcome"],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    paymentCalls: new Histogram({
      name: "shop_payment_provider_call_duration_seconds",
      help: "Calls of the payment provider by the API, by operation (createPayment, getPayment) and outcome",
      labelNames: ["operation", "outcome"],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    databaseFailures: new Counter({
      name: "shop_database_failures_total",
      help: "API calls that ended in a database failure, by error type (unavailable, query)",
      labelNames: ["error_type"],
      registers,
    }),
    ordersSettled: new Counter({
      name: "shop_orders_settled_total",
      help: "Ticket orders settled by this process, by outcome (paid, failed, cancelled, expired); each order once",
      labelNames: ["outcome"],
      registers,
    }),
    cmsLastGood: new Counter({
      name: "shop_cms_last_good_served_total",
      help: "Times a last good copy of content was served because the content source failed or was slow",
      registers,
    }),
  };
}

/**
 * The page cache's answers, counted in a map on the hot path (a cached page is the busiest answer) and
 * handed to prom-client when it is scraped; gives back the function that counts one answer.
 */
function pageCacheCounter(registers: Registry[]) {
  const answers = new Map<string, { labels: { page_type: string; outcome: string }; count: number }>();
  new Counter({
    name: "shop_page_cache_answers_total",
    help: "Answers of the page cache by page type (html, payload) and outcome (hit, stale, miss)",
    labelNames: ["page_type", "outcome"],
    registers,
    collect() {
      this.reset();
      for (const { labels, count } of answers.values()) this.inc(labels, count);
    },
  });
  return (pageType: string, outcome: string) => {
    const key = `${pageType} ${outcome}`;
    const answer = answers.get(key);
    if (answer) answer.count++;
    else answers.set(key, { labels: { page_type: pageType, outcome }, count: 1 });
  };
}

/**
 * `/readyz`'s checks, asked at each scrape (each within 2 s, as `/readyz` asks them): 1 when the check
 * answers, 0 when it fails or is late. Under node:cluster the primary keeps the lowest, so one process that
 * is not ready shows.
 */
export function registerReadinessGauge(
  metrics: Metrics,
  checks: ReadonlyArray<{ name: string; check: () => Promise<unknown> }>,
): void {
  new Gauge({
    name: "shop_readiness",
    help: "Whether each readiness check of /readyz answers (1) or not (0), asked at the scrape",
    labelNames: ["check"],
    aggregator: "min",
    registers: [metrics.registry],
    async collect() {
      const results = await Promise.all(
        checks.map(async ({ name, check }) => {
          try {
            await withTimeout(check(), READINESS_TIMEOUT_MS);
            return [name, 1] as const;
          } catch {
            return [name, 0] as const;
          }
        }),
      );
      for (const [name, value] of results) this.set({ check: name }, value);
    },
  });
}

/** Seconds since a `process.hrtime.bigint()` reading. */
export function secondsSince(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * The server's request handler, measured: each answered request is one observation under its route
 * template. A failure to record is logged and never reaches the request.
 */
export function measuredHandler(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  metrics: Metrics,
  routes: RouteTemplates,
): (req: IncomingMessage, res: ServerResponse) => void {
  const record = createRecorder(metrics, routes);
  return (req, res) => {
    const started = process.hrtime.bigint();
    // Routers rewrite `req.url` while they handle it: the address as it came in is kept.
    const url = req.url ?? "/";
    res.once("finish", () => {
      try {
        record({ method: req.method, url }, res, started);
      } catch (error) {
        metrics.logger.warn({ err: error }, "could not record a request's metrics");
      }
    });
    handle(req, res);
  };
}

/** The bound series of a label set, looked up once: the labels are few by design (templates, not paths). */
function seriesCache<T>(bind: (key: string) => T): (key: string) => T {
  const bound = new Map<string, T>();
  return (key) => {
    let series = bound.get(key);
    if (!series) {
      series = bind(key);
      bound.set(key, series);
    }
    return series;
  };
}

function createRecorder(metrics: Metrics, routes: RouteTemplates) {
  const requestSeries = seriesCache((key) => {
    const [method, status, route] = key.split(" ") as [string, string, string];
    return metrics.httpDuration.labels({
      http_request_method: method,
      http_route: route,
      http_response_status_code: status,
    });
  });
  return (req: { method: string | undefined; url: string }, res: ServerResponse, started: bigint): void => {
    const method = req.method && KNOWN_METHODS.has(req.method) ? req.method : "_OTHER";
    const { url } = req;
    const route = routes.routeOf(method, url, res.statusCode);
    requestSeries(`${method} ${res.statusCode} ${route}`).observe(secondsSince(started));
    const cacheState = res.getHeader("X-Cache");
    const outcome = typeof cacheState === "string" ? CACHE_OUTCOMES[cacheState] : undefined;
    if (outcome) {
      const pageType = url.split("?")[0]?.endsWith("/_payload.json") ? "payload" : "html";
      metrics.countCacheAnswer(pageType, outcome);
    }
    if (res.statusCode === 429) metrics.rateLimitRefusals.inc({ http_route: route });
  };
}
