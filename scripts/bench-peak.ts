// `npm run bench:peak`: the year-end peak day with faults (issue 13). The built shop (`npm run build`
// first) runs as two processes (WEB_CONCURRENCY=2) on a PostgreSQL server of this script's own, with its
// content from a local Contentful Delivery API. Visitors arrive at fixed rates (scripts/bench-peak-load.ts)
// through five phases: baseline; PostgreSQL restarted; the content source failing for the phase (503s,
// then no answers); the payment simulator answering in 5 s; recovery. Afterwards the database is held
// against what the visitors were told (scripts/bench-peak-integrity.ts); the figures go to
// docs/benchmarks.md between `<!-- peak:start -->` and `<!-- peak:end -->`. Exits non-zero when an
// integrity count is not zero, a process of the shop had to be replaced, or a visitor failed in the
// recovery phase.
//
// Options: --baseline S, --fault S (each fault phase), --recovery S, --db-down S, --pages R, --checks R,
// --orders R (per second), --players N, --no-write (do not touch docs/benchmarks.md), --short (a quick
// run for development: 10 s phases at low rates, not written). Environment: PEAK_PG_PORT and PEAK_PG_DATA
// (the PostgreSQL server's port and data directory, 54339 and /tmp/kroonloterij-pg-peak: not the test
// suite's server, as it is restarted), PEAK_SHOP_PORT (4390), PEAK_KEEP_LOG=1 (keep the shop's log).
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { signRequest } from "@/src/shop/cms/request-signing.server";
import { scratchDatabase } from "../tests/support/scratch-database";
import { CMS_SPACE, setPaymentDelay, startCms, startPostgres } from "./bench-peak-faults";
import { countIntegrity, type Integrity, type Totals } from "./bench-peak-integrity";
import { KINDS, type Kind, type Outcome, openModel, PAGES, visitors } from "./bench-peak-load";
import { writeBenchSection } from "./bench-sections";
import { startShopProcess, stopShopProcess } from "./bench-server";

const { values: args } = parseArgs({
  options: {
    baseline: { type: "string" },
    fault: { type: "string" },
    recovery: { type: "string" },
    "db-down": { type: "string" },
    pages: { type: "string" },
    checks: { type: "string" },
    orders: { type: "string" },
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
  rates: {
    page: number(args.pages, short ? 10 : 50),
    check: number(args.checks, short ? 5 : 25),
    order: number(args.orders, short ? 1 : 5),
  } satisfies Record<Kind, number>,
  players: number(args.players, short ? 3 : 8),
  write: !args["no-write"] && !short,
};
const PG_PORT = Number(process.env.PEAK_PG_PORT ?? 54339);
const PG_DATA = process.env.PEAK_PG_DATA ?? "/tmp/kroonloterij-pg-peak";
const SHOP_PORT = Number(process.env.PEAK_SHOP_PORT ?? 4390);
const WEBHOOK_SECRET = "peak-webhook-secret";

type PhaseName = "baseline" | "db restart" | "cms down" | "slow payments" | "recovery";
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
}): string {
  const { rows, list, events, totals, integrity } = report;
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
  const { rates } = SETTINGS;
  const cpu = os.cpus();
  return `<!-- peak:start -->
## Peak day with faults (issue 13)

Measured by \`npm run bench:peak\` (scripts/bench-peak.ts) on ${new Date().toISOString().slice(0, 10)}: ${cpu.length} cores
(${cpu[0]?.model ?? "unknown CPU"}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${report.postgres}
(a throwaway server, \`fsync=off\`). **A shared 2-core machine**: the shop's two processes, PostgreSQL, the
content source and the load generator all ran on it, and other work was building and testing beside it,
so the absolute figures are modest; the ratios to the baseline phase are what to read.

The built shop ran as two processes (\`WEB_CONCURRENCY=2\`) on PostgreSQL, its content from a local
Contentful Delivery API (tests/support/delivery-api-server.ts) through the Contentful SDK. Visitors arrived
on a fixed schedule (open model: a slow answer does not delay the next visitor; latency counts from the
scheduled start, a visitor gives up after 30 s), each request on a new connection so that the two processes
share them as they would share many browsers' connections, for ${report.durationS} s:

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

Afterwards, in the database: ${totals.orders} orders (${totals.ordersPaid} paid, ${totals.ordersPending} pending,
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
    const crowd = await visitors(shop.url, SETTINGS.players);
    const since = new Date();
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
    ]);
    // What a load balancer would see: /readyz once a second.
    const readiness: Array<{ at: number; ready: boolean }> = [];
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
      rates: SETTINGS.rates,
      startedAt,
      endsAt: startedAt + durationS * 1000,
      visitors: crowd,
    });
    clearInterval(readinessProbe);
    await faults;
    mark("last answer in");

    const rows = summarise(outcomes, list);
    const { totals, integrity } = await countIntegrity(database.url, crowd.traces, since);
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
    exitCode = broken.length === 0 && workerRestarts === 0 && recoveryErrors === 0 ? 0 : 1;
  } finally {
    await stopShopProcess(shop);
    closeSync(output);
    await cms.close();
    await database.drop().catch((error: unknown) => console.warn(`database not dropped: ${String(error)}`));
    if (process.env.PEAK_KEEP_LOG) console.log(`shop log: ${logFile}`);
    else rmSync(work, { recursive: true, force: true });
  }
  return exitCode;
}

process.exitCode = await main();
