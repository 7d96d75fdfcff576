import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { brotliDecompressSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageCache } from "../ssr/page-cache";
import { createFastPath } from "./fast-path";
import { createSecurityHeaders } from "./security-headers";

/** The fast path in front of a stand-in for the middleware stack, which answers 599 "stack". */
const FRESH_MS = 60_000;
let now = 1_000_000;
const store = new PageCache(FRESH_MS, 100, () => now);
const lines: Array<Record<string, unknown>> = [];
let shuttingDown = false;
const fastPath = createFastPath({
  store,
  buildId: () => "b1",
  layoutKeyFor: (host) => (host?.endsWith(".localhost") ? (host.split(".")[0] ?? "") : "default"),
  isPersonal: (req) => req.path.startsWith("/mijn") || Boolean(req.headers.cookie?.includes("kl_ingelogd=1")),
  security: createSecurityHeaders({ partnerHosts: [], secure: false, dev: false }),
  logger: pino(
    new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    }),
  ),
  isShuttingDown: () => shuttingDown,
});
const server = http.createServer((req, res) => {
  if (fastPath(req, res)) return;
  res.statusCode = 599;
  res.end("stack");
});
let origin = "";

const page = (text: string) =>
  Buffer.from(`<!doctype html><title>${text}</title>${"<p>Kroonloterij</p>".repeat(80)}`);
function put(path: string, body: Buffer, kind: "html" | "payload" = "html", layoutKey = "default") {
  store.set(
    PageCache.key({ kind, buildId: "b1", layoutKey: kind === "payload" ? "payload" : layoutKey, path }),
    {
      status: 200,
      headers: [
        ["content-type", kind === "html" ? "text/html; charset=utf-8" : "application/json; charset=utf-8"],
      ],
      body,
      scriptHashes: kind === "html" ? ["'sha256-abc='"] : undefined,
      tags: [],
    },
  );
}
/** A raw request (fetch would not send a Host of its own). */
const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    http
      .request(
        `${origin}${path}`,
        { method, headers: { "accept-encoding": "identity", ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const body = Buffer.concat(chunks);
            const text = res.headers["content-encoding"] === "br" ? brotliDecompressSync(body) : body;
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text: text.toString() });
          });
        },
      )
      .on("error", reject)
      .end();
  });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  put("/over-ons", page("Over ons"));
  put("/over-ons", page("Over ons, bladwijzer"), "html", "bladwijzer");
  put("/over-ons", Buffer.from('{"page":{"path":"/over-ons"}}'), "payload");
  put("/", page("Home"));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the fast path for cache hits", () => {
  it("answers a fresh anonymous hit of a page or payload itself, with the security headers and a log line", async () => {
    const answer = await get("/over-ons", { "x-request-id": "snel-1" });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("<title>Over ons</title>");
    expect(answer.headers["x-cache"]).toBe("HIT");
    expect(answer.headers["content-security-policy"]).toContain(
      "script-src 'strict-dynamic' 'sha256-abc=' 'self'",
    );
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(answer.headers["x-request-id"]).toBe("snel-1");
    expect(lines.find((line) => line.requestId === "snel-1")).toMatchObject({
      method: "GET",
      url: "/over-ons",
      status: 200,
      msg: "request",
    });
    const payload = await get("/over-ons/_payload.json");
    expect(JSON.parse(payload.text)).toEqual({ page: { path: "/over-ons" } });
    expect(payload.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect((await get("/")).text).toContain("<title>Home</title>");
    expect((await get("/over-ons", { host: "bladwijzer.localhost" })).text).toContain("bladwijzer");
  });

  it("leaves everything else to the stack", async () => {
    const stack = async (path: string, headers: Record<string, string> = {}, method = "GET") =>
      expect((await get(path, headers, method)).status, `${method} ${path}`).toBe(599);
    await stack("/over-ons?x=1");
    await stack("/over-ons/");
    await stack("/over-ons", {}, "POST");
    await stack("/over-ons", { cookie: "kl_ingelogd=1" });
    await stack("/loten");
    await stack("//over-ons");
    await stack("/over-ons", { host: "buurtsuper.localhost" }); // nothing cached for that layout
    shuttingDown = true;
    await stack("/over-ons");
    shuttingDown = false;
    now += FRESH_MS; // stale: the stack serves it and refreshes it
    await stack("/over-ons");
    now -= FRESH_MS;
  });

  it("leaves a compressed answer to the stack until the compressed copy is made", async () => {
    put("/nieuw", page("Nieuw"));
    expect((await get("/nieuw", { "accept-encoding": "br" })).status).toBe(599);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = await get("/nieuw", { "accept-encoding": "br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.text).toContain("<title>Nieuw</title>");
  });
});
