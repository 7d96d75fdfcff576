// `npm run bench:peak`: the year-end peak day with faults (issues 13 and 45). The built shop (`npm run
// build` first) runs as two processes (WEB_CONCURRENCY=2) on a PostgreSQL server of this script's own,
// its content from a local Contentful Delivery API, its e-mail sent to an SMTP server of this script's
// own. First the limit: the highest rate of full orders the shop holds with p99 under 2 s and no failed
// visitor, page views and ticket checks beside them in the proportion 50:25:5, found in rising steps
// (scripts/bench-peak-limit.ts). Then the fault run at 70% of that rate (scripts/bench-peak-load.ts)
// through six phases: baseline; PostgreSQL restarted; the content source failing for the phase (503s,
// then no answers); the payment simulator answering in 5 s; the SMTP server down; recovery. Afterwards,
// once the outbox has drained, the shop's metrics are held against the database (orders by outcome) and
// the database against what the visitors and the mail server were told (scripts/bench-peak-integrity.ts);
// the figures go to docs/benchmarks.md between `<!-- peak:start -->` and `<!-- peak:end -->`. Exits
// non-zero when no step held, an integrity count is not zero, the metrics' order counts differ from the
// database's, a process of the shop had to be replaced, or a visitor failed in the recovery phase.
//
// Options: --step S (each step of the limit), --limit R (skip the search: take R orders/s as the limit),
// --baseline S, --fault S (each fault phase), --recovery S, --db-down S, --players N, --no-write (do not
// touch docs/benchmarks.md), --short (a quick run for development: two 8 s steps from 1 order/s, 10 s
// phases, not written). Environment: PEAK_PG_PORT and PEAK_PG_DATA (the PostgreSQL server's port and
// data directory, 54339 and /tmp/kroonloterij-pg-peak: not the test suite's server, as it is restarted),
// PEAK_SHOP_PORT (4390), PEAK_KEEP_LOG=1 (keep the shop's log). The metrics and the SMTP server listen on
// ports the system picks.
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { signRequest } from "@/src/shop/cms/request-signing.server";
import { scratchDatabase } from "../tests/support/scratch-database";
import { CMS_SPACE, setPaymentDelay, startCms, startMailSink, startPostgres } from "./bench-peak-faults";
import {
  type CountPair,
  countIntegrity,
  drainOutbox,
  type Integrity,
  metricsAgainstDatabase,
  type Totals,
} from "./bench-peak-integrity";
import { findOrderLimit, type LimitStep, MIX, ratesFor } from "./bench-peak-limit";
import { KINDS, type Kind, type Outcome, openModel, PAGES, visitors } from "./bench-peak-load";
import { writeBenchSection } from "./bench-sections";
import { startShopProcess, stopShopProcess } from "./bench-server";

const { values: args } = parseArgs({
  options: {
    baseline: { type: "string" },
    fault: { type: "string" },
    recovery: { type: "string" },
    "db-down": { type: "string" },
    step: { type: "string" },
    limit: { type: "string" },
    players: { type: "string" },
    "no-write": { type: "boolean", default: false },
    short: { type: "boolean", default: false },
  },
});
const short = args.short;
const number = (value: string | undefined, fallback: number) =>
  value === undefined ? fallback : Number(value);
const SETTINGS = {
  baselineS: number(args.baseline, short ? 10 : 45),
  faultS: number(args.fault, short ? 10 : 30),
  recoveryS: number(args.recovery, short ? 10 : 45),
  dbDownS: number(args["db-down"], short ? 2 : 5),
  paymentDelayMs: 5_000,
  /** The limit's steps: seconds each, the first order rate, each next one's factor, at most this many. */
  limit: {
    stepS: number(args.step, short ? 8 : 30),
    startRate: short ? 1 : 4,
    growth: short ? 2 : 1.3,
    maxSteps: short ? 2 : 12,
    p99LimitMs: 2_000,
    pauseMs: short ? 2_000 : 10_000,
    given: args.limit === undefined ? undefined : Number(args.limit),
  },
  /** The fault run's order rate as a share of the limit. */
  share: 0.7,
  /** Logged-in players placing the orders (logins are limited to 30 a minute per address). */
  players: number(args.players, short ? 3 : 16),
  write: !args["no-write"] && !short,
};
const PG_PORT = Number(process.env.PEAK_PG_PORT ?? 54339);
const PG_DATA = process.env.PEAK_PG_DATA ?? "/tmp/kroonloterij-pg-peak";
const SHOP_PORT = Number(process.env.PEAK_SHOP_PORT ?? 4390);
const WEBHOOK_SECRET = "peak-webhook-secret";

type PhaseName = "baseline" | "db restart" | "cms down" | "slow payments" | "smtp down" | "recovery";
type Phase = { name: PhaseName; startS: number; endS: number; fault: string };
type FaultEvent = { atS: number; what: string };

function phases(): Phase[] {
  const { baselineS, faultS, recoveryS, dbDownS, paymentDelayMs } = SETTINGS;
  const list: Array<[PhaseName, number, string]> = [
    ["baseline", baselineS, "none"],
    ["db restart", faultS, `PostgreSQL stopped (fast shutdown), ${dbDownS} s down, started again`],
    [
      "cms down",
      faultS,
      "the content source answers 503 for the first half of the phase and nothing at all (time-outs) for the second; at the start of each half a site-wide content change (the navigation) is published, so every cached page is dropped and must be made again without the source",
    ],
    ["slow payments", faultS, `every answer of the payment simulator takes ${paymentDelayMs / 1000} s`],
    [
      "smtp down",
      faultS,
      "the mail provider (an SMTP server of the bench's own, SMTP_URL) stops: it refuses connections and answers the open ones 421; e-mails wait in the outbox and go when it is back",
    ],
    ["recovery", recoveryS, "none"],
  ];
  let at = 0;
  return list.map(([name, seconds, fault]) => {
    const phase = { name, startS: at, endS: at + seconds, fault };
    at += seconds;
    return phase;
  });
}

/** Creates a database of its own on the server and fills it with the demo data. */
async function freshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = await scratchDatabase(serverUrl, "kl_peak");
  execFileSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return database;
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>("show server_version");
  await client.end();
  return `PostgreSQL ${rows[0]?.server_version.split(" ")[0] ?? "?"}`;
}

/** The shop's JSON log lines so far (both workers write to one file), and the primary's plain lines. */
function readLog(file: string): { json: Array<Record<string, unknown>>; plain: string[] } {
  const json: Array<Record<string, unknown>> = [];
  const plain: string[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      json.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      plain.push(line);
    }
  }
  return { json, plain };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Tells the shop, as Contentful's webhook would, that the site navigation changed (drops every page). */
async function publishSiteWideChange(url: string): Promise<number> {
  const body = JSON.stringify({
    sys: { id: "peak-navigation", type: "Entry", contentType: { sys: { id: "navigation" } } },
  });
  const headers = signRequest(WEBHOOK_SECRET, {
    method: "POST",
    path: "/api/cms/webhook",
    headers: {},
    body,
  });
  const response = await fetch(`${url}/api/cms/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  return response.status;
}

type Row = {
  phase: PhaseName;
  kind: Kind;
  started: number;
  ok: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  cache?: string;
  failures: string;
};

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number);
}

function summarise(outcomes: Outcome[], list: Phase[]): Row[] {
  const rows: Row[] = [];
  for (const phase of list) {
    for (const kind of KINDS) {
      const mine = outcomes.filter(
        (outcome) =>
          outcome.kind === kind && outcome.at >= phase.startS * 1000 && outcome.at < phase.endS * 1000,
      );
      const ok = mine.filter((outcome) => outcome.ok);
      const latencies = ok.map((outcome) => outcome.latencyMs).sort((a, b) => a - b);
      const reasons = new Map<string, number>();
      for (const outcome of mine) {
        if (!outcome.ok) reasons.set(outcome.failure ?? "?", (reasons.get(outcome.failure ?? "?") ?? 0) + 1);
      }
      const caches = new Map<string, number>();
      for (const outcome of ok)
        caches.set(outcome.cache ?? "none", (caches.get(outcome.cache ?? "none") ?? 0) + 1);
      rows.push({
        phase: phase.name,
        kind,
        started: mine.length,
        ok: ok.length,
        errors: mine.length - ok.length,
        perSecond: Math.round((ok.length / (phase.endS - phase.startS)) * 10) / 10,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        cache:
          kind === "page"
            ? [...caches]
                .sort((a, b) => b[1] - a[1])
                .map(([verdict, n]) => `${verdict} ${n}`)
                .join(", ")
            : undefined,
        failures: [...reasons]
          .sort((a, b) => b[1] - a[1])
          .map(([reason, n]) => `${reason} (${n})`)
          .join("; "),
      });
    }
  }
  return rows;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? "0%" : `${((100 * part) / whole).toFixed(1)}%`;
const ratio = (value: number, base: number) => (base === 0 ? "" : `${Math.round((100 * value) / base)}%`);

/** Each page's answers in one phase by the page cache's verdict, e.g. `/ HIT 200, MISS 2`. */
function pageVerdicts(outcomes: Outcome[], phase: Phase): string {
  const verdicts = new Map<string, Map<string, number>>();
  let failed = 0;
  for (const outcome of outcomes) {
    if (outcome.kind !== "page" || outcome.at < phase.startS * 1000 || outcome.at >= phase.endS * 1000)
      continue;
    if (!outcome.ok) {
      failed++;
      continue;
    }
    const perPath = verdicts.get(outcome.path ?? "?") ?? new Map<string, number>();
    perPath.set(outcome.cache ?? "none", (perPath.get(outcome.cache ?? "none") ?? 0) + 1);
    verdicts.set(outcome.path ?? "?", perPath);
  }
  const pages = [...verdicts].map(
    ([page, counts]) => `\`${page}\` ${[...counts].map(([verdict, n]) => `${verdict} ${n}`).join(", ")}`,
  );
  return `${pages.join("; ")}; failed ${failed}`;
}

/** When the last visitor failed after PostgreSQL came back, and whether anything failed afterwards. */
function recoveryStatement(outcomes: Outcome[], events: FaultEvent[], db: Phase, rows: Row[]): string {
  const back = events.find((event) => event.what === "PostgreSQL started again")?.atS;
  const stopped = events.find((event) => event.what === "PostgreSQL stopping")?.atS;
  const failedInPhase = outcomes.filter(
    (outcome) => !outcome.ok && outcome.at >= db.startS * 1000 && outcome.at < db.endS * 1000,
  );
  const lastFailure = failedInPhase.reduce((latest, outcome) => Math.max(latest, outcome.at / 1000), -1);
  const afterwards = rows.filter((row) => row.phase === "recovery").reduce((sum, row) => sum + row.errors, 0);
  const last =
    lastFailure < 0
      ? "no visitor failed in it"
      : `the last visitor that failed was scheduled at ${lastFailure.toFixed(1)} s`;
  return `PostgreSQL was stopped at ${stopped} s and running again at ${back} s; ${last}. Failed visitors in the recovery phase: ${afterwards}.`;
}

function markdown(report: {
  rows: Row[];
  list: Phase[];
  events: FaultEvent[];
  totals: Totals;
  integrity: Integrity;
  workerRestarts: number;
  logErrors: Array<[string, number]>;
  postgres: string;
  durationS: number;
  cmsDownPages: string;
  recovery: string;
  readyz: string;
  rates: Record<Kind, number>;
  limit: { value: number; steps: LimitStep[]; searchS: number };
  metrics: { settled: CountPair[]; orders: CountPair[] };
  mail: { received: number; waitingAtEnd: number; drainS: number };
  queues: string;
}): string {
  const { rows, list, events, totals, integrity, rates, limit, metrics, mail } = report;
  const baseline = (kind: Kind) => rows.find((row) => row.phase === "baseline" && row.kind === kind);
  const table = rows
    .map((row) => {
      const base = baseline(row.kind);
      return `| ${row.phase} | ${row.kind} | ${row.started} | ${row.perSecond} | ${ratio(row.perSecond, base?.perSecond ?? 0)} | ${row.p50} | ${row.p99} | ${ratio(row.p99, base?.p99 ?? 0)} | ${percent(row.errors, row.started)} |`;
    })
    .join("\n");
  const failures = rows
    .filter((row) => row.failures)
    .map((row) => `- ${row.phase}, ${row.kind}: ${row.failures}`)
    .join("\n");
  const caches = rows
    .filter((row) => row.kind === "page")
    .map((row) => `- ${row.phase}: ${row.cache || "no answers"}`)
    .join("\n");
  const checks = Object.entries(integrity)
    .map(([name, value]) => `| ${name.replace(/([A-Z])/g, " $1").toLowerCase()} | ${value} |`)
    .join("\n");
  const cpu = os.cpus();
  const limitRows = limit.steps
    .map(
      (step) =>
        `| ${step.orderRate} | ${step.rates.page} / ${step.rates.check} | ${step.started} | ${step.p50.order} | ${step.p99.order} | ${step.p99.page} | ${step.p99.check} | ${step.errors} | ${step.held ? "yes" : `no${step.failures ? `: ${step.failures}` : ""}`} |`,
    )
    .join("\n");
  const countRows = (pairs: CountPair[]) =>
    pairs.map((pair) => `| ${pair.key} | ${pair.metric} | ${pair.database} |`).join("\n");
  return `<!-- peak:start -->
## Peak day at the limit, with faults (issues 13 and 45)

Measured by \`npm run bench:peak\` (scripts/bench-peak.ts) on ${new Date().toISOString().slice(0, 10)}: ${cpu.length} cores
(${cpu[0]?.model ?? "unknown CPU"}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${report.postgres}
(a throwaway server, \`fsync=off\`). **A shared 2-core machine**: the shop's two processes, PostgreSQL, the
content source, the mail server and the load generator all ran on it (other work on the machine waited
on a shared lock for CPU-heavy commands during the run, but editors and light commands ran), so the
absolute figures are this machine's; the ratios to the baseline phase are what to read across machines.

The built shop ran as two processes (\`WEB_CONCURRENCY=2\`) on PostgreSQL, its content from a local
Contentful Delivery API (tests/support/delivery-api-server.ts) through the Contentful SDK, its e-mail to an
SMTP server of the bench's own (\`SMTP_URL\`) that counts every message by its Message-ID. Visitors arrived
on a fixed schedule (open model: a slow answer does not delay the next visitor; latency counts from the
scheduled start, a visitor gives up after 30 s), each request on a new connection so that the two processes
share them as they would share many browsers' connections.

### The limit: ${limit.value} full orders per second

First the order rate rose in steps of ${SETTINGS.limit.stepS} s (each next step ${SETTINGS.limit.growth} times the last,
then one step half-way between the last that held and the first that did not), page views and ticket
checks beside the orders in the proportion ${MIX.page}:${MIX.check}:${MIX.order} (pages : checks : orders; the fault run's rates before issue 45:
50/s, 25/s and 5/s), until the orders' p99 passed ${SETTINGS.limit.p99LimitMs / 1000} s or a visitor failed. **The highest
step that held: ${limit.value} orders/s** (with ${ratesFor(limit.value).page} page views/s and ${ratesFor(limit.value).check} ticket
checks/s); the search took ${limit.searchS} s.

| orders/s | pages/s / checks/s | visitors | order p50 ms | order p99 ms | page p99 ms | check p99 ms | failed | held |
|---|---|---|---|---|---|---|---|---|
${limitRows}

The load generator (one Node process opening a connection per request) shares the two cores with the
shop, PostgreSQL and the content source, so the limit is the whole setup's on this machine: a lower bound
for the shop on cores of its own. A step that did not hold names its failed visitors; one without any
failed on latency alone.

### The fault run at ${Math.round(SETTINGS.share * 100)}% of the limit

Then the phases below ran at ${Math.round(SETTINGS.share * 100)}% of the limit, all three kinds scaled alike, for ${report.durationS} s:

- page: ${rates.page}/s anonymous page views, in turn ${"`/`, `/loten`, `/trekkingsuitslag`, `/over-ons`, `/veelgestelde-vragen`, `/verantwoord-spelen`, `/oudejaarstrekking`"};
- check: ${rates.check}/s ticket checks (10 numbers each, \`POST /api/ticket-checker/check\`);
- order: ${rates.order}/s full orders by ${SETTINGS.players} logged-in sessions of the demo player: \`POST
  /api/tickets/verify/{pageId}\`, \`POST /api/tickets/store\`, approval on the payment simulator's page, then
  the result page's question (\`POST /api/tickets/{pageId}/continue\`, asked again every 2 s while the
  payment is open) until the order is paid with its ticket number. Every tenth store is sent twice at once
  (a double click), and a store that fails or gets no answer is sent again a second later under the same
  transaction id, as a player presses the button again. An order counts as one visitor; its latency is the
  whole round.

| phase | seconds | fault |
|---|---|---|
${list.map((phase) => `| ${phase.name} | ${phase.startS}-${phase.endS} | ${phase.fault} |`).join("\n")}

Fault timeline (seconds from the start): ${events.map((event) => `${event.atS} ${event.what}`).join("; ")}.

"started": visitors scheduled in the phase; "ok/s": those answered successfully, per second of the phase;
latencies of the successful ones; "errors": the share that failed (an error answer, a refused connection
or 30 s without an answer).

| phase | kind | started | ok/s | ok/s of baseline | p50 ms | p99 ms | p99 of baseline | errors |
|---|---|---|---|---|---|---|---|---|
${table}

${report.recovery}

\`/readyz\`, asked once a second as a load balancer would, was not ready (503 or no answer) per phase: ${report.readyz}.

Failures (step: answer, count):
${failures || "- none"}

Pages by the page cache's answer (\`X-Cache\`; "none": \`/loten\` is an app route rendered per request, its
CMS content from the CMS service's last good copy while the source is down):
${caches}

While the content source was down, page by page: ${report.cmsDownPages}.

E-mail: the run's e-mails left the outbox ${mail.drainS} s after the last answer (${mail.waitingAtEnd} still waiting
then); the SMTP server received ${mail.received} distinct messages. The outbox and the job queue as the
dashboard's panels showed them (the metrics scraped every 5 s: most e-mails waiting, longest wait of the
oldest, longest wait of the oldest due job): ${report.queues}.

The shop's metrics after the run (one scrape of the cluster primary, both workers aggregated) against
the database: orders settled in this run by outcome (\`shop_orders_settled_total\`, counted by the process
that settled each order) against the run's orders by state, and every order by state (\`shop_orders\`,
counted from the database at the scrape, the largest of the workers' counts). The dashboard's "Orders per
minute by outcome" and "Orders in the database by state" panels read these series (ops/grafana-dashboard.json).

| settled (outcome) | metric | database |
|---|---|---|
${countRows(metrics.settled)}

| orders (state) | metric | database |
|---|---|---|
${countRows(metrics.orders)}

Afterwards, in the database (the limit's steps and the fault run): ${totals.orders} orders (${totals.ordersPaid} paid, ${totals.ordersPending} pending,
${totals.ordersFailedOrCancelled} failed or cancelled), ${totals.payments} payments (${totals.paymentsPaid} paid),
${totals.tickets} tickets, ${totals.emails} confirmation e-mails in the outbox. Shop processes replaced during the
run: ${report.workerRestarts}. Error log lines by message: ${report.logErrors.map(([message, n]) => `${message} (${n})`).join("; ") || "none"}.

| integrity check (must be 0) | count |
|---|---|
${checks}

What the first runs of this test found, fixed at the root with a test each:

- A PostgreSQL restart ended both processes of the shop: the pool's idle connections, cut by the server,
  raised an \`error\` event nobody listened to (src/backend/db/database.server.ts).
- A payment approved while the database was away stayed an unpaid order without tickets when the player
  did not come back to the result page: the payment simulator told the shop only once; it now tries again
  as Mollie does (src/backend/simulators/payments/status-callback.server.ts).
- After a content change while the content source did not answer, every page view waited on the SDK's
  time-out for the redirects, the page and the site settings in turn (p99 17 s, and a failing source
  dropped the CMS redirects and the emergency banner); and \`/readyz\` failed for the whole outage, which
  would have taken every process out of a load balancer although all could serve. The CMS service now
  serves last good copies when the source fails or takes over 1 s, keeps the redirects and settings, drops
  what it cached once the source is back, and is ready while it has last good pages
  (src/shop/cms/cms-service.server.ts).
<!-- peak:end -->`;
}

type QueueSample = { at: number; waiting: number; oldestEmailS: number; oldestJobS: number };

/** One scrape's outbox and job queue: e-mails waiting (queued, sending), the oldest's wait, the oldest due job's. */
async function sampleQueues(metricsUrl: string): Promise<Omit<QueueSample, "at">> {
  const text = await (await fetch(metricsUrl, { signal: AbortSignal.timeout(4_000) })).text();
  const value = (pattern: RegExp) =>
    [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
  return {
    waiting: value(/^shop_outbox_emails\{state="(?:queued|sending)"\} (\S+)$/gm),
    oldestEmailS: value(/^shop_outbox_oldest_waiting_age_seconds (\S+)$/gm),
    oldestJobS: value(/^shop_jobs_oldest_due_age_seconds (\S+)$/gm),
  };
}

function queuesByPhase(samples: QueueSample[], list: Phase[]): string {
  return list
    .map((phase) => {
      const mine = samples.filter(
        (sample) => sample.at >= phase.startS * 1000 && sample.at < phase.endS * 1000,
      );
      const most = (key: keyof Omit<QueueSample, "at">) =>
        Math.round(Math.max(0, ...mine.map((sample) => sample[key])));
      return `${phase.name} ${most("waiting")} e-mails, ${most("oldestEmailS")} s, ${most("oldestJobS")} s`;
    })
    .join("; ");
}

/** The cluster primary's metrics address, from its "metrics listening" log line. */
async function metricsUrlOf(logFile: string): Promise<string> {
  let url: string | undefined;
  await waitFor(() => {
    url = readLog(logFile).json.find((line) => line.msg === "metrics listening")?.url as string | undefined;
    return url !== undefined;
  }, "the metrics listener");
  return url as string;
}

/** The limit (scripts/bench-peak-limit.ts), or the one given with --limit. */
async function measureLimit(
  crowd: Awaited<ReturnType<typeof visitors>>,
): Promise<{ value: number; steps: LimitStep[]; searchS: number }> {
  const { given, ...search } = SETTINGS.limit;
  if (given !== undefined) return { value: given, steps: [], searchS: 0 };
  const started = performance.now();
  const { limit, steps } = await findOrderLimit({
    visitors: crowd,
    ...search,
    onStep: (step) =>
      console.log(
        `limit step ${step.orderRate} orders/s: visitors ${step.started}, order p50 ${step.p50.order} p99 ${step.p99.order}, page p99 ${step.p99.page}, check p99 ${step.p99.check}, failed ${step.errors}${step.failures ? ` (${step.failures})` : ""}: ${step.held ? "held" : "did not hold"}`,
      ),
  });
  return { value: limit, steps, searchS: Math.round((performance.now() - started) / 1000) };
}

async function main(): Promise<number> {
  if (!existsSync("build/server/index.js")) throw new Error("no build: run `npm run build` first");
  const list = phases();
  const durationS = list.at(-1)?.endS ?? 0;
  const work = mkdtempSync(path.join(os.tmpdir(), "kl-peak-"));
  const faultFile = path.join(work, "payment-faults.json");
  const logFile = path.join(work, "shop.log");
  setPaymentDelay(faultFile, 0);

  const server = startPostgres(PG_PORT, PG_DATA);
  const database = await freshDatabase(server.url);
  const cms = await startCms();
  const mailSink = await startMailSink();
  const output = openSync(logFile, "a");
  const shop = await startShopProcess({
    port: SHOP_PORT,
    output,
    logLevel: "info",
    env: {
      WEB_CONCURRENCY: "2",
      DATABASE_URL: database.url,
      BASE_URL: `http://127.0.0.1:${SHOP_PORT}`,
      CONTENT_SOURCE: "contentful",
      CONTENTFUL_SPACE_ID: CMS_SPACE.spaceId,
      CONTENTFUL_DELIVERY_TOKEN: CMS_SPACE.deliveryToken,
      CONTENTFUL_HOST: cms.host,
      CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYMENT_SIMULATOR_FAULTS: faultFile,
      SMTP_URL: mailSink.url,
      // The cluster's primary serves the workers' metrics on a port the system picks (its log names it).
      METRICS_PORT: "0",
    },
  });
  let exitCode = 1;
  try {
    await waitFor(
      () => readLog(logFile).json.filter((line) => line.msg === "Kroonloterij webshop listening").length >= 2,
      "both processes to listen",
    );
    // Warm both processes (fresh connections alternate between them): route modules, resolved pages.
    for (let round = 0; round < 6; round++) {
      for (const page of PAGES) {
        await (await fetch(`${shop.url}${page}`, { headers: { connection: "close" } })).arrayBuffer();
      }
    }
    const postgres = await postgresVersion(database.url);
    const metricsUrl = await metricsUrlOf(logFile);
    const crowd = await visitors(shop.url, SETTINGS.players);
    const since = new Date();
    const limit = await measureLimit(crowd);
    if (limit.value <= 0) throw new Error("not even the first step of the limit held");
    const rates = ratesFor(limit.value * SETTINGS.share);
    console.log(`limit ${limit.value} orders/s; the fault run at ${rates.order} orders/s`, rates);
    const startedAt = performance.now();
    const events: FaultEvent[] = [];
    const mark = (what: string) => {
      const atS = Math.round((performance.now() - startedAt) / 100) / 10;
      events.push({ atS, what });
      console.log(`${atS} s: ${what}`);
    };
    const at = (seconds: number, action: () => Promise<void> | void) =>
      new Promise<void>((resolve) => {
        setTimeout(
          () => {
            Promise.resolve()
              .then(action)
              .catch((error: unknown) => mark(`fault action failed: ${(error as Error).message}`))
              .finally(resolve);
          },
          Math.max(0, startedAt + seconds * 1000 - performance.now()),
        );
      });
    const phase = (name: PhaseName) => list.find((entry) => entry.name === name) as Phase;
    const db = phase("db restart");
    const down = phase("cms down");
    const slow = phase("slow payments");
    const smtp = phase("smtp down");
    const faults = Promise.all([
      ...list.map((entry) => at(entry.startS, () => mark(`phase ${entry.name}`))),
      at(db.startS, async () => {
        mark("PostgreSQL stopping");
        await server.restart(SETTINGS.dbDownS * 1000);
        mark("PostgreSQL started again");
      }),
      at(down.startS, async () => {
        cms.setMode("unavailable");
        mark("content source answers 503");
        mark(`site-wide content change published (webhook ${await publishSiteWideChange(shop.url)})`);
      }),
      at((down.startS + down.endS) / 2, async () => {
        cms.setMode("unanswered");
        mark("content source stops answering");
        mark(`site-wide content change published (webhook ${await publishSiteWideChange(shop.url)})`);
      }),
      at(down.endS, () => {
        cms.setMode("up");
        mark("content source back");
      }),
      at(slow.startS, () => {
        setPaymentDelay(faultFile, SETTINGS.paymentDelayMs);
        mark("payment simulator slowed");
      }),
      at(slow.endS, () => {
        setPaymentDelay(faultFile, 0);
        mark("payment simulator at full speed");
      }),
      at(smtp.startS, async () => {
        await mailSink.setUp(false);
        mark("SMTP server stopped");
      }),
      at(smtp.endS, async () => {
        await mailSink.setUp(true);
        mark("SMTP server back");
      }),
    ]);
    // What a load balancer would see: /readyz once a second.
    const readiness: Array<{ at: number; ready: boolean }> = [];
    // What the dashboard's queue panels show during the run: the metrics, scraped every 5 s.
    const queueSamples: QueueSample[] = [];
    const queueProbe = setInterval(() => {
      const at = performance.now() - startedAt;
      sampleQueues(metricsUrl).then(
        (sample) => queueSamples.push({ at, ...sample }),
        () => undefined,
      );
    }, 5_000);
    const readinessProbe = setInterval(() => {
      const at = performance.now() - startedAt;
      fetch(`${shop.url}/readyz`, { headers: { connection: "close" }, signal: AbortSignal.timeout(5_000) })
        .then((response) => {
          readiness.push({ at, ready: response.ok });
          return response.arrayBuffer();
        })
        .catch(() => readiness.push({ at, ready: false }));
    }, 1_000);
    const outcomes = await openModel({
      rates,
      startedAt,
      endsAt: startedAt + durationS * 1000,
      visitors: crowd,
    });
    clearInterval(readinessProbe);
    clearInterval(queueProbe);
    await faults;
    mark("last answer in");
    const lastAnswer = performance.now();
    const waitingAtEnd = await drainOutbox(database.url, since, 300_000);
    const mail = {
      received: mailSink.received.size,
      waitingAtEnd,
      drainS: Math.round((performance.now() - lastAnswer) / 1000),
    };
    console.log("e-mail", mail);
    const metrics = await metricsAgainstDatabase(metricsUrl, database.url, since);
    for (const [name, pairs] of Object.entries(metrics))
      for (const pair of pairs)
        console.log(`metrics ${name} ${pair.key}: metric ${pair.metric}, database ${pair.database}`);
    const metricsDiffer = [...metrics.settled, ...metrics.orders].filter(
      (pair) => pair.metric !== pair.database,
    );

    const rows = summarise(outcomes, list);
    const { totals, integrity } = await countIntegrity(database.url, crowd.traces, since, mailSink.received);
    const log = readLog(logFile);
    const workerRestarts = log.plain.filter((line) => /worker \d+ stopped/.test(line)).length;
    const errorCounts = new Map<string, number>();
    for (const line of log.json) {
      if (typeof line.level === "number" && line.level >= 50) {
        const message = String(line.msg);
        errorCounts.set(message, (errorCounts.get(message) ?? 0) + 1);
      }
    }
    const logErrors = [...errorCounts].sort((a, b) => b[1] - a[1]);

    for (const row of rows) {
      console.log(
        `${row.phase.padEnd(13)} ${row.kind.padEnd(5)} started ${row.started} ok/s ${row.perSecond} p50 ${row.p50} p99 ${row.p99} errors ${row.errors}${row.failures ? ` (${row.failures})` : ""}${row.cache ? ` [${row.cache}]` : ""}`,
      );
    }
    const readyz = list
      .map((phase) => {
        const mine = readiness.filter(
          (probe) => probe.at >= phase.startS * 1000 && probe.at < phase.endS * 1000,
        );
        return `${phase.name} ${mine.filter((probe) => !probe.ready).length} of ${mine.length}`;
      })
      .join(", ");
    const cmsDownPages = pageVerdicts(outcomes, down);
    const queues = queuesByPhase(queueSamples, list);
    console.log(`outbox and jobs by phase (metrics): ${queues}`);
    const recovery = recoveryStatement(outcomes, events, db, rows);
    console.log(`cms down, page by page: ${cmsDownPages}`);
    console.log(recovery);
    console.log(`/readyz not ready: ${readyz}`);
    console.log("totals", totals);
    console.log("integrity", integrity);
    console.log("worker restarts", workerRestarts, "error log lines", logErrors);
    for (const line of log.plain) console.log(`shop: ${line}`);

    const section = markdown({
      rows,
      list,
      events,
      totals,
      integrity,
      workerRestarts,
      logErrors,
      postgres,
      durationS,
      cmsDownPages,
      recovery,
      readyz,
      rates,
      limit,
      metrics,
      mail,
      queues,
    });
    if (SETTINGS.write) writeBenchSection("peak", section);
    else console.log(section);
    const broken = Object.entries(integrity).filter(([, value]) => value !== 0);
    if (broken.length > 0)
      console.error(`integrity checks failed: ${broken.map(([name, n]) => `${name} ${n}`).join(", ")}`);
    if (workerRestarts > 0) console.error(`${workerRestarts} shop processes had to be replaced`);
    const recoveryErrors = rows
      .filter((row) => row.phase === "recovery")
      .reduce((sum, row) => sum + row.errors, 0);
    if (recoveryErrors > 0) console.error(`${recoveryErrors} visitors failed in the recovery phase`);
    if (metricsDiffer.length > 0)
      console.error(
        `the metrics' order counts differ from the database's: ${metricsDiffer.map((pair) => `${pair.key} ${pair.metric} != ${pair.database}`).join(", ")}`,
      );
    exitCode =
      broken.length === 0 && workerRestarts === 0 && recoveryErrors === 0 && metricsDiffer.length === 0
        ? 0
        : 1;
  } finally {
    await stopShopProcess(shop);
    closeSync(output);
    await cms.close();
    await mailSink.close();
    await database.drop().catch((error: unknown) => console.warn(`database not dropped: ${String(error)}`));
    if (process.env.PEAK_KEEP_LOG) console.log(`shop log: ${logFile}`);
    else rmSync(work, { recursive: true, force: true });
  }
  return exitCode;
}

process.exitCode = await main();
