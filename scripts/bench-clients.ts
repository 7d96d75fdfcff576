// Part of `npm run bench` (decision 11): what reading through the API clients costs. Pages rendered per
// request (home and /loten with a query string, which the page cache skips; /mijn/loten logged in) on:
//   - this build, one process, the embedded API called in-process;
//   - the build before the clients (direct database reads), when BENCH_BEFORE_DIR names its built checkout;
//   - this build as a front end with API_ORIGIN over HTTP to a second process with SERVE=api.
// The figures replace the "API clients" section of docs/benchmarks.md.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { formatCookieHeader } from "@/src/lib/cookies";
import { cookieClient } from "../tests/support/cookie-client";
import { logInThroughApi } from "../tests/support/shop-steps";
import { type ShopProcess, startShopProcess, stopShopProcess } from "./bench-server";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 10;
const PAGES = [
  { name: "home page, rendered per request", path: "/?bench=1", login: false },
  { name: "/loten, rendered per request", path: "/loten?bench=1", login: false },
  { name: "/mijn/loten, logged in", path: "/mijn/loten", login: true },
];

type Server = ShopProcess;
const start = (cwd: string, port: number, env: Record<string, string>) =>
  startShopProcess({ cwd, port, env, logLevel: "warn" });
const stop = stopShopProcess;

/** Logs the demo player in through the API, as the login form does; returns the browser's cookies. */
async function logIn(url: string): Promise<string> {
  const client = cookieClient(url);
  await logInThroughApi(client, DEMO_PLAYER);
  return formatCookieHeader(client.jar) ?? "";
}

type Row = { shape: string; page: string; rps: number; p50: number; p99: number; non2xx: number };

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function once(url: string, page: (typeof PAGES)[number], cookie: string) {
  const headers: Record<string, string> = { accept: "text/html", "accept-encoding": "gzip, deflate, br" };
  if (page.login) headers.cookie = cookie;
  // Warm up: the first renders fill the route modules, the CMS's resolved pages and the API's caches.
  for (let index = 0; index < 20; index++) await fetch(`${url}${page.path}`, { headers });
  return autocannon({ url: `${url}${page.path}`, connections: CONNECTIONS, duration: DURATION_S, headers });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const here = process.cwd();
  const before = process.env.BENCH_BEFORE_DIR;
  // Every shape runs at once (idle between measurements); the rounds alternate between them, so a slow
  // moment of the machine does not fall on one shape only. Each figure is the median of the rounds.
  const shapes: Array<{ name: string; url: string; cookie: string; servers: Server[] }> = [];
  if (before && existsSync(path.join(before, "build/server/index.js"))) {
    const server = await start(before, 4301, {});
    shapes.push({
      name: "before: direct database reads, one process",
      url: server.url,
      cookie: await logIn(server.url),
      servers: [server],
    });
  }
  const single = await start(here, 4302, {});
  shapes.push({
    name: "in-process client, one process",
    url: single.url,
    cookie: await logIn(single.url),
    servers: [single],
  });
  const api = await start(here, 4304, { SERVE: "api", SHOP_ORIGINS: "http://127.0.0.1:4303" });
  const front = await start(here, 4303, {
    API_ORIGIN: api.url,
    PORTAL_ORIGIN: api.url,
    BASE_URL: "http://127.0.0.1:4303",
  });
  shapes.push({
    name: "front end over HTTP to the API process",
    url: front.url,
    cookie: await logIn(front.url),
    servers: [front, api],
  });

  const samples = new Map<string, { rps: number[]; p50: number[]; p99: number[]; non2xx: number }>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of PAGES) {
      for (const shape of round % 2 === 0 ? shapes : [...shapes].reverse()) {
        const result = await once(shape.url, page, shape.cookie);
        const key = `${shape.name}|${page.name}`;
        const entry = samples.get(key) ?? { rps: [], p50: [], p99: [], non2xx: 0 };
        entry.rps.push(result.requests.average);
        entry.p50.push(result.latency.p50);
        entry.p99.push(result.latency.p99);
        entry.non2xx += result.non2xx;
        samples.set(key, entry);
        console.log(round, shape.name, page.name, Math.round(result.requests.average), "req/s");
      }
    }
  }
  for (const shape of shapes) for (const server of shape.servers) await stop(server);
  const rows: Row[] = [];
  for (const shape of shapes) {
    for (const page of PAGES) {
      const entry = samples.get(`${shape.name}|${page.name}`);
      if (!entry) continue;
      rows.push({
        shape: shape.name,
        page: page.name,
        rps: Math.round(median(entry.rps)),
        p50: median(entry.p50),
        p99: median(entry.p99),
        non2xx: entry.non2xx,
      });
    }
  }

  const baseline = (page: string) =>
    rows.find((row) => row.page === page && row.shape.startsWith("before"))?.rps;
  const table = rows
    .map((row) => {
      const base = baseline(row.page);
      const ratio = base ? `${Math.round((row.rps / base) * 100)}%` : "";
      return `| ${row.shape} | ${row.page} | ${row.rps} | ${ratio} | ${row.p50} | ${row.p99} | ${row.non2xx} |`;
    })
    .join("\n");
  const section = `<!-- api-clients:start -->
## API clients (decision 11)

Measured by \`scripts/bench-clients.ts\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores,
Node ${process.version}, PGlite, ${CONNECTIONS} connections for ${DURATION_S} s per row, the load generator
on the same machine; each figure is the median of ${ROUNDS} alternating rounds. "before" is the build before pages read through the clients
(${before ? path.basename(before) : "not measured in this run"}), run side by side; the ratio compares each
row with it.

| shape | page | req/s | of before | p50 ms | p99 ms | non-2xx |
|---|---|---|---|---|---|---|
${table}
<!-- api-clients:end -->`;
  const file = "docs/benchmarks.md";
  const current = readFileSync(file, "utf8");
  const next = current.includes("<!-- api-clients:start -->")
    ? current.replace(/<!-- api-clients:start -->[\s\S]*<!-- api-clients:end -->/, section)
    : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
  console.log(`${file}: API clients section written`);
}

await main();
