import { execFileSync, spawn } from "node:child_process";
import autocannon from "autocannon";
const pg = execFileSync("bash", ["scripts/start-test-postgres.sh"], { encoding: "utf8" }).trim();
const child = spawn(process.execPath, [process.env.ENTRY ?? "server.mjs"], { env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "4398", DATABASE_URL: pg, SESSION_SECRET: "bench-secret-bench-secret-bench-secret-00", LOG_LEVEL: "info" }, stdio: ["ignore", "ignore", "inherit"] });
const url = "http://127.0.0.1:4398";
for (let i = 0; i < 100; i++) { try { if ((await fetch(`${url}/readyz`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
const r = await fetch(`${url}/api/token`);
const cookie = r.headers.getSetCookie().map((v) => v.split(";")[0]).join("; ");
const { token } = await r.json() as { token: string };
const latest = await (await fetch(`${url}/api/draw-results?gameType=KROON&limit=1`)).json() as { draws: Array<{ drawId: number }> };
const tickets = Array.from({ length: 10 }, (_, i) => ({ ticketNumber: `AB${String(12340 + i * 7919).padStart(5, "0").slice(-5)}`, fraction: i % 2 ? "ONE_FIFTH" : "WHOLE", withXl: i % 3 === 0 }));
const opts = { url: `${url}/api/ticket-checker/check`, method: "POST" as const, headers: { cookie, RequestVerificationToken: token, "content-type": "application/json", "x-requested-with": "XMLHttpRequest" }, body: JSON.stringify({ drawId: latest.draws[0]!.drawId, tickets }), connections: 20 };
await autocannon({ ...opts, duration: 2 });
const res = await autocannon({ ...opts, duration: 8 });
console.log(process.env.ENTRY ?? "single", res.requests.average, res.non2xx, res.latency.p99);
child.kill("SIGTERM");
await new Promise((r) => child.on("exit", r));
