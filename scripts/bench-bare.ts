// The strongest baseline for a cached answer (issue 21): a bare `node:http` server in its own process
// (scripts/bare-server.mjs) that sends the very bytes and headers the shop sent for each path, recorded
// from the running shop once it answers them from its page cache. Used by scripts/bench.ts and
// scripts/bench-telemetry.ts.
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

/** Pages are requested as a browser does, accepting compressed answers. */
export const BROWSER = { "accept-encoding": "gzip, deflate, br" };

export type BareServer = { url: string; child: ChildProcess };

/** One answer exactly as a browser gets it (Node's fetch would decompress it). */
function rawAnswer(url: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** The shop's answer for a path once it comes from the fresh cache (waits up to 5 s for it). */
async function cachedAnswer(shopUrl: string, pathname: string) {
  let answer = await rawAnswer(`${shopUrl}${pathname}`);
  for (let attempt = 0; answer.headers["x-cache"] !== "HIT" && attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await rawAnswer(`${shopUrl}${pathname}`);
  }
  if (answer.headers["x-cache"] !== "HIT") throw new Error(`${pathname} is not answered from the cache`);
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...headers } = answer.headers;
  return {
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
    bodyBase64: answer.body.toString("base64"),
  };
}

/** Records the shop's cached answers for `paths`, then starts the bare server with them on `port`. */
export async function startBareServer(
  shopUrl: string,
  paths: readonly string[],
  port: number,
): Promise<BareServer> {
  const answers: Record<string, Awaited<ReturnType<typeof cachedAnswer>>> = {};
  for (const pathname of paths) answers[pathname] = await cachedAnswer(shopUrl, pathname);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-bare-")), "answers.json");
  writeFileSync(file, JSON.stringify(answers));
  const child = fork(path.resolve("scripts/bare-server.mjs"), [String(port), file], {
    stdio: ["ignore", "ignore", "ignore", "ipc"],
    execArgv: [],
  });
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", reject);
  });
  return { url: `http://127.0.0.1:${port}`, child };
}
