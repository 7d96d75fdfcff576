import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "@/src/shop/cms/request-signing.server";
import { startTestShop, type TestShop } from "../support/shop-server";

/** Compressed answers as browsers get them: cached pages compressed once, assets at build time. */
let shop: TestShop;
const WEBHOOK_SECRET = "compression-webhook-secret";

beforeAll(async () => {
  shop = await startTestShop({ env: { CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET } });
});
afterAll(async () => {
  await shop?.shutdown();
});

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** The raw answer (Node's fetch would decompress it). */
function getRaw(
  pathname: string,
  acceptEncoding: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(
        `${shop.url}${pathname}`,
        { method, headers: { ...headers, "accept-encoding": acceptEncoding } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      )
      .on("error", reject)
      .end();
  });
}

describe("cached pages and payloads", () => {
  it("are sent compressed with brotli or gzip, and decode to the same page", async () => {
    await getRaw("/over-ons", "identity"); // renders and caches the page
    const plain = await getRaw("/over-ons", "identity");
    const br = await getRaw("/over-ons", "gzip, deflate, br");
    const gzip = await getRaw("/over-ons", "br;q=0, gzip");
    expect(plain.headers["x-cache"]).toBe("HIT");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    for (const answer of [plain, br, gzip]) expect(answer.headers.vary).toContain("Accept-Encoding");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // At most 40 %: the page holds no repeated nonce any more (issue 13), which compressed to almost nothing.
    expect(br.body.length).toBeLessThan(plain.body.length * 0.4);
    // Compressed once and kept, so its length is known up front (a per-request compression streams).
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
    expect(plain.body.toString()).toContain("<html");
  });

  it("compresses a cached _payload.json the same way", async () => {
    await getRaw("/over-ons/_payload.json", "identity");
    const br = await getRaw("/over-ons/_payload.json", "br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(brotliDecompressSync(br.body).toString()).page.path).toBe("/over-ons");
  });
});

/**
 * The headers any two answers of the same entry share: not their ids, dates or cache states, nor the
 * nonce a payload's policy names (a fresh one per answer; a page names its scripts' hashes instead).
 */
function sharedHeaders(answer: RawAnswer): Record<string, unknown> {
  const { "x-request-id": _id, date: _date, "x-cache": _state, ...rest } = answer.headers;
  const policy = String(rest["content-security-policy"]).replace(/'nonce-[^']+'/, "'nonce'");
  return { ...rest, "content-security-policy": policy };
}

/** Drops a page from the cache as the CMS's publish webhook does. */
async function publishAgain(entryId: string, pagePath: string): Promise<void> {
  const body = JSON.stringify({
    sys: { id: entryId, type: "Entry", contentType: { sys: { id: "page" } } },
    fields: { path: { "nl-NL": pagePath } },
  });
  const signed = signRequest(WEBHOOK_SECRET, { method: "POST", path: "/api/cms/webhook", headers: {}, body });
  const response = await fetch(`${shop.url}/api/cms/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", ...signed },
    body,
  });
  expect(response.status).toBe(202);
}

describe("cache hits answered in front of the middleware stack (issue 21)", () => {
  it("carry the same status, headers and bytes as the stack's answer, in every encoding", async () => {
    for (const pathname of ["/verantwoord-spelen", "/verantwoord-spelen/_payload.json"]) {
      for (const encoding of ["identity", "br", "gzip"]) {
        // The first answer of an encoding comes through the stack (it renders, or makes the compressed
        // copy); the ones after it from the fast path.
        const before = shop.fastPathAnswers();
        const throughStack = await getRaw(pathname, encoding);
        expect(shop.fastPathAnswers()).toBe(before);
        const fast = await getRaw(pathname, encoding);
        const again = await getRaw(pathname, encoding);
        expect(shop.fastPathAnswers()).toBe(before + 2);
        expect(fast.status).toBe(200);
        expect(fast.headers["x-cache"]).toBe("HIT");
        expect(sharedHeaders(fast)).toEqual(sharedHeaders(throughStack));
        expect(fast.body.equals(throughStack.body)).toBe(true);
        expect(sharedHeaders(again)).toEqual(sharedHeaders(fast));
        expect(fast.headers["x-request-id"]).not.toBe(again.headers["x-request-id"]);
      }
    }
    const page = await getRaw("/verantwoord-spelen", "br");
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'strict-dynamic' 'sha256-/);
    expect(page.headers["cache-control"]).toMatch(/^public, /);
    expect(page.headers.etag).toMatch(/^"[\w-]+-br"$/);
    const payload = await getRaw("/verantwoord-spelen/_payload.json", "identity");
    expect(payload.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    expect(payload.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("answer HEAD with the headers alone, and keep the caller's request id", async () => {
    const get = await getRaw("/verantwoord-spelen", "gzip");
    const head = await getRaw("/verantwoord-spelen", "gzip", { "x-request-id": "rondgang-42" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers["x-request-id"]).toBe("rondgang-42");
  });

  it("answer 304 Not Modified to a browser that holds the page, from the cache and after a new render", async () => {
    const page = await getRaw("/verantwoord-spelen", "br");
    const etag = String(page.headers.etag);
    for (const held of [etag, `W/${etag}`, `"ander", ${etag}`, "*"]) {
      const notModified = await getRaw("/verantwoord-spelen", "br", { "if-none-match": held });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(etag);
      expect(notModified.headers.vary).toBe("Accept-Encoding");
      expect(notModified.headers["cache-control"]).toBe(page.headers["cache-control"]);
      expect(notModified.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);
    }
    // Each encoding has its own bytes, so its own tag.
    expect((await getRaw("/verantwoord-spelen", "gzip", { "if-none-match": etag })).status).toBe(200);
    const payload = await getRaw("/verantwoord-spelen/_payload.json", "br");
    const payloadHeld = { "if-none-match": String(payload.headers.etag) };
    expect((await getRaw("/verantwoord-spelen/_payload.json", "br", payloadHeld)).status).toBe(304);

    // Published again unchanged: the new render (through the stack) has the same bytes and tag.
    await publishAgain("page-verantwoord-spelen", "/verantwoord-spelen");
    const rendered = await getRaw("/verantwoord-spelen", "br", { "if-none-match": etag });
    expect(rendered.headers["x-cache"]).toBe("MISS");
    expect(rendered.status).toBe(304);
    expect(rendered.headers.etag).toBe(etag);
  });

  it("write the same access log line as the stack, with the answer's request id", async () => {
    const answer = await getRaw("/verantwoord-spelen", "br", { "x-request-id": "logregel-7" });
    expect(answer.headers["x-cache"]).toBe("HIT");
    const [line] = shop.logs.filter((entry) => entry.requestId === "logregel-7");
    expect(line).toMatchObject({ method: "GET", url: "/verantwoord-spelen", status: 200, msg: "request" });
    const stackLine = shop.logs.find((entry) => entry.msg === "request" && entry.url === "/api/cms/webhook");
    expect(Object.keys(line ?? {}).sort()).toEqual(Object.keys(stackLine ?? {}).sort());
  });

  it("leave what is not a fresh anonymous hit to the stack", async () => {
    await getRaw("/verantwoord-spelen", "br");
    const answered = shop.fastPathAnswers();
    const withQuery = await getRaw("/verantwoord-spelen?utm_source=nieuwsbrief", "br");
    expect(withQuery.headers["x-cache"]).toBeUndefined();
    const slash = await getRaw("/verantwoord-spelen/", "br");
    expect(slash.status).toBe(301);
    const loggedIn = await getRaw("/verantwoord-spelen", "br", { cookie: "kl_ingelogd=1" });
    expect(loggedIn.headers["x-cache"]).toBeUndefined();
    expect(loggedIn.headers.etag).toBeUndefined();
    expect(shop.fastPathAnswers()).toBe(answered);
  });
});

describe("pages rendered per request", () => {
  it("are compressed in one piece, with their length", async () => {
    const br = await getRaw("/over-ons", "gzip, br", { cookie: "kl_ingelogd=1" });
    expect(br.headers["x-cache"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toContain("<html");
  });
});

describe("static assets", () => {
  const manifest = JSON.parse(
    readFileSync(path.resolve("build/client/.vite/manifest.json"), "utf8"),
  ) as Record<string, { file: string; isEntry?: boolean }>;
  const asset = Object.values(manifest).find((chunk) => chunk.file.includes("framework-"))?.file ?? "";
  const onDisk = readFileSync(path.resolve("build/client", asset));

  it("are sent as the build's brotli or gzip copy, with the script's own type and a year's caching", async () => {
    const br = await getRaw(`/${asset}`, "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(brotliDecompressSync(br.body).equals(onDisk)).toBe(true);
    expect(br.body.equals(readFileSync(path.resolve("build/client", `${asset}.br`)))).toBe(true);
    const gzip = await getRaw(`/${asset}`, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(onDisk)).toBe(true);
  });

  it("are sent as they are to a client that accepts no encoding", async () => {
    const plain = await getRaw(`/${asset}`, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(onDisk)).toBe(true);
  });
});
