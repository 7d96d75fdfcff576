// `npm run bench`: throughput and latency figures, written to docs/benchmarks.md. Runs the built server
// (`npm run build` first) as a child process on 127.0.0.1 and loads it with autocannon from this process.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type BareServer, BROWSER, startBareServer } from "./bench-bare";
import { benchOrders, type OrderFigure } from "./bench-orders";
import { type ShopProcess, startShopProcess } from "./bench-server";
import { type FirstLoad, firstLoadJavaScript } from "./first-load";
import { openLoop } from "./open-loop";

type Scenario = {
  name: string;
  path: string;
  method?: "GET" | "POST";
  rate?: number;
  withToken?: boolean;
  headers?: Record<string, string>;
  body?: string;
  section?: Section;
  /** Loads the bare `node:http` baseline (scripts/bare-server.mjs) instead of the shop. */
  bare?: boolean;
};
type Section = "api" | "cms" | "results";
type Figure = {
  section: Section;
  scenario: string;
  database: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 20;

function startServer(
  port: number,
  databaseUrl?: string,
  extraEnv: Record<string, string> = {},
): Promise<ShopProcess> {
  return startShopProcess({ port, env: { DATABASE_URL: databaseUrl ?? "", ...extraEnv } });
}

/** A session cookie and its anti-forgery token, as a browser would hold them. */
async function sessionWithToken(url: string): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${url}/api/token`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const { token } = (await response.json()) as { token: string };
  return { cookie, token };
}

async function run(shopUrl: string, scenario: Scenario, database: string): Promise<Figure> {
  const url = scenario.bare ? (bare?.url ?? "") : shopUrl;
  const headers: Record<string, string> = { "x-requested-with": "XMLHttpRequest", ...scenario.headers };
  if (scenario.withToken) {
    const session = await sessionWithToken(url);
    headers.cookie = session.cookie;
    headers.RequestVerificationToken = session.token;
  }
  if (scenario.rate) {
    const result = await openLoop({
      url: `${url}${scenario.path}`,
      method: scenario.method,
      headers,
      ratePerSecond: scenario.rate,
      durationSeconds: DURATION_S,
    });
    return {
      section: scenario.section ?? "api",
      scenario: scenario.name,
      database,
      requestsPerSecond: Math.round(result.completed / DURATION_S),
      p50: result.p50,
      p99: result.p99,
      errors: result.sent - result.completed,
      non2xx: result.failed,
    };
  }
  if (scenario.body) headers["content-type"] = "application/json";
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method ?? "GET",
    headers,
    body: scenario.body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    section: scenario.section ?? "api",
    scenario: scenario.name,
    database,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const scenarios: Scenario[] = [
  { name: "GET /api/draws/published, as fast as possible", path: "/api/draws/published" },
  { name: "GET /api/draws/published at 200 req/s", path: "/api/draws/published", rate: 200 },
  {
    name: "anti-forgery-checked POST, as fast as possible",
    path: "/api/authentication/logout",
    method: "POST",
    withToken: true,
  },
  {
    name: "anti-forgery-checked POST at 200 req/s",
    path: "/api/authentication/logout",
    method: "POST",
    withToken: true,
    rate: 200,
  },
];

/** The bare server sending the shop's cached bytes (scripts/bench-bare.ts), while the cms section runs. */
let bare: BareServer | undefined;
const BARE_PATHS = ["/", "/_payload.json", "/trekkingsuitslag"];
const BARE_PORT = 4399;

function stopBareServer(): void {
  bare?.child.kill();
  bare = undefined;
}

/** Anonymous home page from the page cache, rendered per request (a login cookie bypasses the cache), the
 * same bytes from the bare server, and the same HTML as a static file served by the shop; the home page's
 * payload from the cache and from the bare server. */
const STATIC_COPY = path.resolve("build/client/bench-home.html");
const CMS = {
  cached: "GET / from the page cache",
  rendered: "GET / rendered per request (cache bypassed)",
  bare: "the same bytes from a bare node:http server",
  static: "the same HTML as a static file (express.static)",
  payload: "GET /_payload.json from the page cache",
  barePayload: "the same payload from a bare node:http server",
};
const cmsScenarios: Scenario[] = [
  { section: "cms", name: CMS.cached, path: "/", headers: BROWSER },
  { section: "cms", name: CMS.rendered, path: "/", headers: { ...BROWSER, cookie: "kl_ingelogd=1" } },
  { section: "cms", name: CMS.bare, path: "/", headers: BROWSER, bare: true },
  { section: "cms", name: CMS.static, path: "/bench-home.html", headers: BROWSER },
  { section: "cms", name: CMS.payload, path: "/_payload.json", headers: BROWSER },
  { section: "cms", name: CMS.barePayload, path: "/_payload.json", headers: BROWSER, bare: true },
];

/** Issue 7: ten-number ticket checks against the latest draw, and the results page cached and static. */
const RESULTS_COPY = path.resolve("build/client/bench-results.html");
async function resultsScenarios(url: string): Promise<Scenario[]> {
  const latest = (await (await fetch(`${url}/api/draw-results?gameType=KROON&limit=1`)).json()) as {
    draws: Array<{ drawId: number }>;
  };
  const drawId = latest.draws[0]?.drawId;
  if (!drawId) throw new Error("no published draw to check tickets against");
  const tickets = Array.from({ length: 10 }, (_, index) => ({
    ticketNumber: `AB${String(12_340 + index * 7_919)
      .padStart(5, "0")
      .slice(-5)}`,
    fraction: index % 2 === 0 ? "WHOLE" : "ONE_FIFTH",
    withXl: index % 3 === 0,
  }));
  writeFileSync(RESULTS_COPY, await (await fetch(`${url}/trekkingsuitslag`)).text());
  return [
    {
      section: "results",
      name: "POST /api/ticket-checker/check, 10 numbers each",
      path: "/api/ticket-checker/check",
      method: "POST",
      withToken: true,
      body: JSON.stringify({ drawId, tickets }),
    },
    {
      section: "results",
      name: "GET /trekkingsuitslag from the page cache",
      path: "/trekkingsuitslag",
      headers: BROWSER,
    },
    {
      section: "results",
      name: "the same bytes from a bare node:http server",
      path: "/trekkingsuitslag",
      headers: BROWSER,
      bare: true,
    },
    {
      section: "results",
      name: "the same HTML as a static file (express.static)",
      path: "/bench-results.html",
      headers: BROWSER,
    },
  ];
}

function postgresUrl(): string | undefined {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  try {
    return execFileSync("bash", ["scripts/start-test-postgres.sh"], { encoding: "utf8" }).trim();
  } catch {
    console.warn("PostgreSQL could not be started; benchmarking PGlite only");
    return undefined;
  }
}

const figures: Figure[] = [];
const orderFigures: OrderFigure[] = [];
let firstLoad: FirstLoad | undefined;
const databases: Array<[string, string | undefined]> = [["PGlite (embedded)", undefined]];
const pgUrl = postgresUrl();
if (pgUrl) databases.push(["PostgreSQL 15", pgUrl]);

let port = 4310;
for (const [label, databaseUrl] of databases) {
  // The embedded database seeds itself; PostgreSQL gets the same demo data (idempotent) first.
  if (databaseUrl) {
    execFileSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: "inherit",
    });
  }
  const server = await startServer(port++, databaseUrl);
  try {
    await run(server.url, scenarios[0]!, label); // warm-up, not reported
    writeFileSync(STATIC_COPY, await (await fetch(`${server.url}/`)).text());
    firstLoad ??= await firstLoadJavaScript(server.url, "/");
    const results = await resultsScenarios(server.url);
    bare = await startBareServer(server.url, BARE_PATHS, BARE_PORT);
    for (const scenario of [...scenarios, ...cmsScenarios, ...results]) {
      const figure = await run(server.url, scenario, label);
      figures.push(figure);
      console.log(`${label} | ${figure.scenario}: ${figure.requestsPerSecond} req/s, p99 ${figure.p99} ms`);
    }
    const orders = await benchOrders(server.url, label, DURATION_S);
    orderFigures.push(orders);
    console.log(
      `${label} | orders: ${orders.ordersPerSecond}/s, lost or duplicated ${orders.lostOrDuplicated}`,
    );
  } finally {
    server.child.kill("SIGTERM");
    stopBareServer();
    rmSync(STATIC_COPY, { force: true });
    rmSync(RESULTS_COPY, { force: true });
  }
}

// One process per core (WEB_CONCURRENCY=2, PostgreSQL only), as the shop runs on a 2-core machine: the
// ticket checker, the busiest API call after a draw, and the home page rendered per request (what every
// logged-in player gets) next to the same page from the cache and as a static file.
if (pgUrl) {
  const label = "PostgreSQL 15, 2 processes";
  const server = await startServer(port++, pgUrl, { WEB_CONCURRENCY: "2" });
  try {
    const [check] = await resultsScenarios(server.url);
    writeFileSync(STATIC_COPY, await (await fetch(`${server.url}/`)).text());
    await run(server.url, check!, label); // warm-up of both processes, not reported
    await run(server.url, cmsScenarios[1]!, label);
    bare = await startBareServer(server.url, BARE_PATHS, BARE_PORT);
    for (const scenario of [check!, ...cmsScenarios]) {
      const figure = await run(server.url, scenario, label);
      figures.push(figure);
      console.log(`${label} | ${figure.scenario}: ${figure.requestsPerSecond} req/s, p99 ${figure.p99} ms`);
    }
  } finally {
    server.child.kill("SIGTERM");
    stopBareServer();
    rmSync(STATIC_COPY, { force: true });
    rmSync(RESULTS_COPY, { force: true });
  }
}

const rowsOf = (section: Figure["section"]) =>
  figures
    .filter((figure) => figure.section === section)
    .map(
      (f) =>
        `| ${f.scenario} | ${f.database} | ${f.requestsPerSecond} | ${f.p50} | ${f.p99} | ${f.errors + f.non2xx} |`,
    )
    .join("\n");
const rate = (section: Section, database: string, scenario: string) =>
  figures.find((f) => f.section === section && f.database === database && f.scenario === scenario)
    ?.requestsPerSecond ?? 0;
const percent = (part: number, whole: number) => Math.round((100 * part) / Math.max(1, whole));
/** Every setup measured: each database, and two processes when PostgreSQL ran. */
const setups = [...databases.map(([label]) => label), ...(pgUrl ? ["PostgreSQL 15, 2 processes"] : [])];
const cmsSummary = setups
  .map((label) => {
    const of = (scenario: string) => rate("cms", label, scenario);
    return `- ${label}: cached home page at ${percent(of(CMS.cached), of(CMS.bare))}% of the bare server's rate (${percent(of(CMS.cached), of(CMS.static))}% of the static file's); its payload at ${percent(of(CMS.payload), of(CMS.barePayload))}% of the bare server's; rendered per request ${of(CMS.rendered)} req/s.`;
  })
  .join("\n");
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const markdown = `# Benchmarks

Measured by \`npm run bench\` (scripts/bench.ts) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores
(${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}. The built server runs as its own process on
127.0.0.1 with request logging on (output discarded); autocannon loads it from another process with
${CONNECTIONS} connections for ${DURATION_S} s per scenario ("as fast as possible"); fixed-rate scenarios use an
open-loop generator (scripts/open-loop.ts) that sends on schedule and counts latency from the scheduled
start. Latencies in milliseconds. Pages are requested as a browser does (\`Accept-Encoding: gzip, deflate,
br\`): cached pages and payloads are compressed once per version, the static assets at build time, other
answers per request.

## Shop API platform (issue 3)

Target: p99 under 20 ms at 200 requests per second on 2 cores.

| scenario | database | req/s | p50 | p99 | errors + non-2xx |
|---|---|---|---|---|---|
${rowsOf("api")}

## CMS page composer (issue 4)

Targets: cached at least 80% of the static-file rate; uncached at least 500 req/s; home first-load
JavaScript at most 110 KB gzip. Issue 21: cached pages and payloads at least 50% of the rate of a bare
\`node:http\` server sending the same bytes (scripts/bare-server.mjs, its own process, measured in the same
run right after the shop).

| scenario | database | req/s | p50 | p99 | errors + non-2xx |
|---|---|---|---|---|---|
${rowsOf("cms")}

${cmsSummary}
- Home page first-load JavaScript, as sent: ${kib(firstLoad?.gzipBytes ?? 0)} KB gzip (${kib(firstLoad?.brotliBytes ?? 0)} KB brotli) in
  ${firstLoad?.files ?? 0} files. Of the gzip figure, React, React DOM and React Router (one chunk) are
  ${kib(firstLoad?.frameworkBytes ?? 0)} KB and React Router's route manifest ${kib(firstLoad?.manifestBytes ?? 0)} KB; the shop's own code is the rest
  (decision 9).

## Draw results and the ticket checker (issue 7)

Targets: the cached results page at least 80% of the static-file rate; 2,000 ticket checks (of 10
numbers each) per second on 2 cores.

| scenario | database | req/s | p50 | p99 | errors + non-2xx |
|---|---|---|---|---|---|
${rowsOf("results")}

${setups
  .map((label) => {
    const of = (name: string) =>
      figures.find((f) => f.section === "results" && f.database === label && f.scenario === name)
        ?.requestsPerSecond ?? 0;
    const checks = `${of("POST /api/ticket-checker/check, 10 numbers each")} ticket checks (10 numbers each) per second`;
    const cached = of("GET /trekkingsuitslag from the page cache");
    if (!cached) return `- ${label}: ${checks}.`;
    const bareShare = percent(cached, of("the same bytes from a bare node:http server"));
    const staticShare = percent(cached, of("the same HTML as a static file (express.static)"));
    return `- ${label}: cached /trekkingsuitslag at ${bareShare}% of the bare server's rate (${staticShare}% of the static file's); ${checks}.`;
  })
  .join("\n")}

## Tickets, basket and checkout (issue 6)

Target: at least 100 orders/s on PostgreSQL on 2 cores, with zero lost or duplicated orders under 20
concurrent buyers. Each order is one buyer's full round: \`POST /api/tickets/verify/{pageId}\`, \`POST
/api/tickets/store\` and the approval on the payment simulator's page (which settles the order and issues
the ticket before it redirects). The buyers are 20 logged-in sessions of the demo player. Afterwards the
first 20 transactions are stored again (each must be refused) and the issued tickets are counted.

| database | buyers | seconds | orders | orders/s | p50 ms | p99 ms | failed | tickets issued | replays refused | lost or duplicated |
|---|---|---|---|---|---|---|---|---|---|---|
${orderFigures
  .map(
    (f) =>
      `| ${f.database} | ${f.buyers} | ${f.seconds} | ${f.orders} | ${f.ordersPerSecond} | ${f.p50} | ${f.p99} | ${f.failed} | ${f.ticketsIssued} | ${f.replaysRefused} | ${f.lostOrDuplicated} |`,
  )
  .join("\n")}
`;
// The sections other scripts write are kept: the API clients' (scripts/bench-clients.ts, which runs after
// this script) and the peak day's (scripts/bench-peak.ts, `npm run bench:peak`).
const current = existsSync("docs/benchmarks.md") ? readFileSync("docs/benchmarks.md", "utf8") : "";
const keptSections = ["api-clients", "lighthouse", "peak"]
  .map((name) => new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`).exec(current)?.[0])
  .filter((section): section is string => section !== undefined);
writeFileSync("docs/benchmarks.md", `${[markdown.trimEnd(), ...keptSections].join("\n\n")}\n`);
console.log("docs/benchmarks.md written");
