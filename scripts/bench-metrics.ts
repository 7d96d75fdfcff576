// The cost of the metrics (decision 23) on the busiest answer, a cached page: the built shop twice, with
// the metrics on and with METRICS_PORT=off, under the same autocannon load, in turns (`npm run build` first).
import autocannon from "autocannon";
import { type ShopProcess, startShopProcess, stopShopProcess } from "./bench-server";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PATH = process.env.BENCH_PATH ?? "/";

async function load(url: string) {
  const result = await autocannon({
    url: `${url}${PATH}`,
    connections: 20,
    duration: DURATION_S,
    headers: { "accept-encoding": "gzip" },
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const shops: Record<string, ShopProcess> = {
  on: await startShopProcess({ port: 4450, env: { METRICS_PORT: "9470", JOBS: "off" }, logLevel: "warn" }),
  off: await startShopProcess({ port: 4451, env: { METRICS_PORT: "off", JOBS: "off" }, logLevel: "warn" }),
};
try {
  for (const shop of Object.values(shops))
    await autocannon({ url: `${shop.url}${PATH}`, connections: 4, duration: 2 });
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, shop] of Object.entries(shops)) {
      console.log(JSON.stringify({ round, metrics: name, path: PATH, ...(await load(shop.url)) }));
    }
  }
  const scrape = await fetch("http://127.0.0.1:9470/metrics");
  const text = await scrape.text();
  console.log(
    text
      .split("\n")
      .filter((line) => line.startsWith("shop_page_cache_answers_total"))
      .join("\n"),
  );
} finally {
  for (const shop of Object.values(shops)) await stopShopProcess(shop);
}
