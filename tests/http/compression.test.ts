import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../support/shop-server";

/** Compressed answers as browsers get them: cached pages compressed once, assets at build time. */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.shutdown();
});

/** The raw answer (Node's fetch would decompress it). */
function getRaw(
  pathname: string,
  acceptEncoding: string,
  headers: Record<string, string> = {},
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        `${shop.url}${pathname}`,
        { headers: { ...headers, "accept-encoding": acceptEncoding } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        },
      )
      .on("error", reject);
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
