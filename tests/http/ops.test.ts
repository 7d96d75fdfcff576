import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { createLogger } from "@/src/server/logger";
import { createClusterScrape } from "@/src/server/metrics/cluster.server";
import { registerDatabaseGauges } from "@/src/server/metrics/database-gauges.server";
import { createMetrics } from "@/src/server/metrics/metrics.server";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * Issue 45 item 3: the dashboard and the alert rules in `ops/` read only series the shop exports (scraped
 * from the built shop after some traffic), the rules have Prometheus's rule format, and every alert has
 * its runbook line in docs/operations.md.
 */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Series Prometheus makes itself for every target, not the shop's. */
const PROMETHEUS_SERIES = new Set(["up"]);
const KEYWORDS = new Set(["bool", "offset", "and", "or", "unless", "inf", "nan", "le"]);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, groupings
 * (`by (...)`, `on (...)`), ranges, numbers, Grafana variables and function names are taken out.
 */
function metricNames(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\$\w+|\$\{\w+\}/g, " ");
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.])([a-zA-Z_:][\w:]*)(?![\w:])(?!\s*\()/g)) {
    const name = match[1] as string;
    if (!KEYWORDS.has(name.toLowerCase())) names.add(name);
  }
  return [...names];
}

/** Every series name a scrape shows, a histogram's with its `_bucket`, `_sum` and `_count`. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name as string);
    if (type === "histogram")
      for (const suffix of ["_bucket", "_sum", "_count"]) names.add(`${name}${suffix}`);
    if (type === "summary") for (const suffix of ["_sum", "_count"]) names.add(`${name}${suffix}`);
  }
  return names;
}

const RuleSchema = z
  .object({
    alert: z.string().regex(/^Shop[A-Z]\w+$/),
    expr: z.string().min(1),
    for: z
      .string()
      .regex(/^\d+[smhd]$/)
      .optional(),
    labels: z.object({ severity: z.enum(["critical", "warning"]) }).strict(),
    annotations: z.object({ summary: z.string().min(1), runbook: z.literal("docs/operations.md#alerts") }),
  })
  .strict();
const RulesSchema = z
  .object({
    groups: z.array(z.object({ name: z.string().min(1), rules: z.array(RuleSchema).min(1) }).strict()).min(1),
  })
  .strict();

/** Grafana's reference to the dashboard's data source variable. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax, not a JavaScript template
const DATASOURCE_VARIABLE = "${datasource}";
const TargetSchema = z.object({ expr: z.string().min(1), refId: z.string() });
const PanelSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("row"), title: z.string() }),
  z.object({
    type: z.enum(["timeseries", "stat"]),
    title: z.string().min(1),
    datasource: z.object({ type: z.literal("prometheus"), uid: z.literal(DATASOURCE_VARIABLE) }),
    gridPos: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
    targets: z.array(TargetSchema).min(1),
  }),
]);
const DashboardSchema = z.object({
  uid: z.string().min(1),
  title: z.string().min(1),
  schemaVersion: z.number().int().min(30),
  templating: z.object({
    list: z
      .array(z.object({ name: z.string(), type: z.string(), query: z.string().optional() }))
      .refine((list) => list.some((item) => item.type === "datasource" && item.query === "prometheus")),
  }),
  panels: z.array(PanelSchema).min(10),
});

const rules = () => RulesSchema.parse(parse(read("ops/alerts.yml"))).groups.flatMap((group) => group.rules);
const dashboardExpressions = () =>
  DashboardSchema.parse(JSON.parse(read("ops/grafana-dashboard.json"))).panels.flatMap((panel) =>
    panel.type === "row" ? [] : panel.targets.map((target) => ({ panel: panel.title, expr: target.expr })),
  );

let shop: TestShop;
let exported: Set<string>;

beforeAll(async () => {
  shop = await startTestShop({ env: { METRICS_PORT: "0" } });
  for (const page of ["/", "/loten", "/oudejaarstrekking", "/bestaat-niet"])
    await fetch(`${shop.url}${page}`);
  const scraped = await (await fetch(shop.metricsUrl ?? "")).text();
  // Series only some shapes export: the cluster primary's own, and the PostgreSQL pool's (this shop
  // runs on PGlite), each from the code that registers them.
  const db = shop.embedded?.db;
  if (!db) throw new Error("The test shop runs without its embedded API");
  const onPostgres = createMetrics(createLogger("silent"));
  registerDatabaseGauges(onPostgres, db, { totalCount: 1, idleCount: 1, waitingCount: 0 });
  const primary = createClusterScrape({ workers: () => [], timeoutMs: 100 });
  exported = new Set([
    ...exportedNames(scraped),
    ...exportedNames(await onPostgres.registry.metrics()),
    ...exportedNames(await primary.metrics()),
  ]);
});
afterAll(() => shop?.shutdown());

describe("reading the metric names of an expression", () => {
  it("keeps the metrics, not functions, labels, groupings, ranges or variables", () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (http_route, le) (rate(a_seconds_bucket{http_route!~"/x/.*"}[$__rate_interval]))) > 2 and on (instance) b_total offset 5m / max(c) == bool 1',
      ).sort(),
    ).toEqual(["a_seconds_bucket", "b_total", "c"]);
  });
});

describe("the alert rules (ops/alerts.yml)", () => {
  it("parse into Prometheus's rule groups, alert names unique", () => {
    const names = rules().map((rule) => rule.alert);
    expect(names.length).toBeGreaterThanOrEqual(8);
    expect(new Set(names).size).toBe(names.length);
  });

  it("read only series the shop exports", () => {
    const unknown = rules().flatMap((rule) =>
      metricNames(rule.expr)
        .filter((name) => !exported.has(name) && !PROMETHEUS_SERIES.has(name))
        .map((name) => `${rule.alert}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it("each have a runbook line in docs/operations.md, and every runbook line an alert", () => {
    const runbook = read("docs/operations.md");
    const documented = [...runbook.matchAll(/^- \*\*(Shop\w+)\*\* \((critical|warning)\): \S.{40,}/gm)].map(
      (match) => `${match[1]} ${match[2]}`,
    );
    expect(documented.sort()).toEqual(
      rules()
        .map((rule) => `${rule.alert} ${rule.labels.severity}`)
        .sort(),
    );
  });
});

describe("the Grafana dashboard (ops/grafana-dashboard.json)", () => {
  it("reads only series the shop exports, in every panel", () => {
    const expressions = dashboardExpressions();
    const unknown = expressions.flatMap(({ panel, expr }) =>
      metricNames(expr)
        .filter((name) => !exported.has(name))
        .map((name) => `${panel}: ${name}`),
    );
    expect(unknown).toEqual([]);
    // The panels the issue asks for, each over its series.
    const read = expressions.flatMap(({ expr }) => metricNames(expr));
    for (const series of [
      "http_server_request_duration_seconds_count",
      "http_server_request_duration_seconds_bucket",
      "shop_page_cache_answers_total",
      "shop_orders_settled_total",
      "shop_payment_provider_call_duration_seconds_bucket",
      "shop_jobs_oldest_due_age_seconds",
      "shop_outbox_emails",
      "shop_outbox_oldest_waiting_age_seconds",
      "shop_readiness",
    ])
      expect(read).toContain(series);
  });
});
