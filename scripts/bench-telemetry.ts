// The cost of metrics (decision 23) and traces (decision 24) on a cached page and a rendered page (issue 45):
// the built shop with each in turn on and off, under the same autocannon load, in the same run, against the
// shop with neither and a bare node:http server sending the cached page's bytes. `npm run build` first;
// BENCH_DURATION_S (default 4) and BENCH_ROUNDS (default 5) set the load.
import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";
import autocannon from "autocannon";
import { BROWSER, startBareServer } from "./bench-bare";
import { writeBenchSection } from "./bench-sections";
import { type ShopProcess, startShopProcess, stopShopProcess } from "./bench-server";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SHOP_PORT = 4510;
const BARE_PORT = 4511;
const RECEIVER_PORT = 4512;
const METRICS_PORT = 4513;
/** A CMS page every anonymous visitor gets from the page cache. */
const CACHED_PATH = "/trekkingsuitslag";
/**
 * The home page with the login cookie: rendered per request (a logged-in player never shares the cache),
 * asking the API in-process for the player and the hero's experiment, which read the database.
 */
const RENDERED_PATH = "/";
const RENDERED = { ...BROWSER, cookie: "kl_ingelogd=1" };

type Setting = { name: string; env: Record<string, string> };
const NEITHER = "neither (METRICS_PORT=off, OTEL_SDK_DISABLED=true)";
const SETTINGS: Setting[] = [
  { name: NEITHER, env: { METRICS_PORT: "off", OTEL_SDK_DISABLED: "true" } },
  { name: "metrics on", env: { METRICS_PORT: String(METRICS_PORT), OTEL_SDK_DISABLED: "true" } },
  { name: "trace context only (the default: no endpoint)", env: { METRICS_PORT: "off" } },
  {
    name: "traces exported (OTLP to a local receiver)",
    env: { METRICS_PORT: "off", OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${RECEIVER_PORT}` },
  },
  {
    name: "metrics on and traces exported",
    env: {
      METRICS_PORT: String(METRICS_PORT),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${RECEIVER_PORT}`,
    },
  },
];

type Figures = { rps: number; p99: number; non2xx: number };

async function load(url: string, headers: Record<string, string>, connections: number): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, non2xx: result.non2xx };
}

/** An OTLP receiver in a process of its own that answers every export and counts the spans' bytes. */
function startReceiver(): ChildProcess {
  const code = `require("node:http").createServer((req, res) => { req.resume(); req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}")); }).listen(${RECEIVER_PORT}, "127.0.0.1");`;
  return spawn(process.execPath, ["-e", code], { stdio: "ignore" });
}

type Row = { setting: string; cached: Figures[]; rendered: Figures[] };

/** A shop left over on the port would answer `/readyz` for the one about to start, and be measured. */
async function assertPortFree(port: number): Promise<void> {
  const answered = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`something already answers on port ${port}`);
}

/** One setting: its own shop process, warmed, then the cached page and the rendered page under load. */
async function measure(setting: Setting, row: Row): Promise<void> {
  await assertPortFree(SHOP_PORT);
  const shop: ShopProcess = await startShopProcess({
    port: SHOP_PORT,
    env: { JOBS: "off", OTEL_BSP_SCHEDULE_DELAY: "1000", ...setting.env },
    // Every request's log line, as in production: the trace fields are part of the cost.
    logLevel: "info",
  });
  try {
    await autocannon({ url: `${shop.url}${CACHED_PATH}`, connections: 4, duration: 2, headers: BROWSER });
    await autocannon({ url: `${shop.url}${RENDERED_PATH}`, connections: 4, duration: 2, headers: RENDERED });
    row.cached.push(await load(`${shop.url}${CACHED_PATH}`, BROWSER, 20));
    row.rendered.push(await load(`${shop.url}${RENDERED_PATH}`, RENDERED, 10));
    console.log(
      JSON.stringify({ setting: setting.name, cached: row.cached.at(-1), rendered: row.rendered.at(-1) }),
    );
  } finally {
    await stopShopProcess(shop);
  }
}

/**
 * The best round of a setting (the highest rate, with that round's p99): the machine is shared, and a round
 * slowed by another process's work says nothing about the setting.
 */
const summary = (runs: Figures[]) => {
  const best = runs.reduce((top, run) => (run.rps > top.rps ? run : top));
  return { rps: best.rps, p99: best.p99, non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0) };
};
/** How far apart the rounds of one setting were, the widest over all settings (a percentage of the best). */
const spread = (rows: Row[], of: (row: Row) => Figures[]) =>
  Math.max(
    ...rows.map((row) => {
      const rates = of(row).map((run) => run.rps);
      return Math.round(((Math.max(...rates) - Math.min(...rates)) / Math.max(...rates)) * 100);
    }),
  );
const ratio = (value: number, base: number) => `${Math.round((value / base) * 1000) / 10}%`;

function section(rows: Row[], bare: Figures[]): string {
  const [neither] = rows.map((row) => ({ cached: summary(row.cached), rendered: summary(row.rendered) }));
  const bareRps = summary(bare).rps;
  const lines = rows.map((row) => {
    const cached = summary(row.cached);
    const rendered = summary(row.rendered);
    return `| ${row.setting} | ${cached.rps} | ${cached.p99} | ${ratio(cached.rps, neither?.cached.rps ?? 1)} | ${ratio(cached.rps, bareRps)} | ${rendered.rps} | ${rendered.p99} | ${ratio(rendered.rps, neither?.rendered.rps ?? 1)} |`;
  });
  const failures = rows.reduce(
    (sum, row) => sum + summary(row.cached).non2xx + summary(row.rendered).non2xx,
    0,
  );
  return `<!-- telemetry:start -->
## Metrics and traces: their cost (issue 45)

\`npx tsx scripts/bench-telemetry.ts\` (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores shared with the load generator; the best of ${ROUNDS} rounds of ${DURATION_S} s per figure, the settings in turn in each round, each its own shop process). The cached page: \`GET ${CACHED_PATH}\` from the page cache, 20 connections; the rendered page: \`GET ${RENDERED_PATH}\` with the login cookie, so rendered per request (with its API calls in-process and their database queries), 10 connections. The strongest baseline, a bare \`node:http\` server sending the cached page's bytes (scripts/bare-server.mjs), answered ${bareRps} req/s (p99 ${summary(bare).p99} ms) in the same run. Non-2xx answers in all runs: ${failures}. The rounds of one setting differed by up to ${spread(rows, (row) => row.cached)}% (cached) and ${spread(rows, (row) => row.rendered)}% (rendered) of its best: other work shares the machine, so differences within that are noise, and only the best round of each is shown.

| setting | cached req/s | cached p99 ms | cached vs neither | cached vs bare | rendered req/s | rendered p99 ms | rendered vs neither |
|---|---|---|---|---|---|---|---|
${lines.join("\n")}

Trace context (the default) is each request's span id, the trace id in its log lines and \`traceparent\` on its API calls; with \`OTEL_EXPORTER_OTLP_ENDPOINT\` every request also records its spans (server, CMS, API calls and operations, database queries) and a batch goes to the receiver every second.
<!-- telemetry:end -->`;
}

const receiver = startReceiver();
const rows: Row[] = SETTINGS.map((setting) => ({ setting: setting.name, cached: [], rendered: [] }));
const bareRuns: Figures[] = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [index, setting] of SETTINGS.entries()) await measure(setting, rows[index] as Row);
    await assertPortFree(SHOP_PORT);
    const shop = await startShopProcess({
      port: SHOP_PORT,
      env: { JOBS: "off", ...(SETTINGS[0]?.env ?? {}) },
    });
    const bare = await startBareServer(shop.url, [CACHED_PATH], BARE_PORT).finally(() =>
      stopShopProcess(shop),
    );
    try {
      bareRuns.push(await load(`${bare.url}${CACHED_PATH}`, BROWSER, 20));
      console.log(JSON.stringify({ setting: "bare", cached: bareRuns.at(-1) }));
    } finally {
      bare.child.kill();
    }
  }
  writeBenchSection("telemetry", section(rows, bareRuns));
} finally {
  receiver.kill();
}
