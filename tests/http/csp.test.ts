import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../support/shop-server";
import { until } from "../support/until";

/**
 * CSP without nonce reuse (issue 13, build item 3): a page sent to everyone (the page cache, the
 * prerendered pages) allows its inline scripts by their hashes and carries no nonce; a page rendered for
 * one request carries a nonce nobody else gets. Each case fetches twice and compares.
 */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.shutdown());

type Fetched = { cache: string | null; policy: string; html: string };

/** Over node:http, as fetch() may not set Host (a partner's host selects its theme). */
function fetchPage(pathname: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const { port } = new URL(shop.url);
  return new Promise((resolve, reject) => {
    httpRequest({ host: "127.0.0.1", port, path: pathname, headers }, (response) => {
      let html = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        html += chunk;
      });
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`${pathname} answered ${response.statusCode}`));
        const header = (name: string) => (response.headers[name] as string | undefined) ?? null;
        resolve({ cache: header("x-cache"), policy: header("content-security-policy") ?? "", html });
      });
    })
      .on("error", reject)
      .end();
  });
}

const scriptSources = (policy: string) =>
  (/(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? "").trim().split(/\s+/);

/** Every nonce a response hands out: in its policy and in its markup. */
function noncesOf({ policy, html }: Fetched): string[] {
  const inPolicy = [...policy.matchAll(/'nonce-([^']+)'/g)].map((match) => match[1] ?? "");
  const inMarkup = [...html.matchAll(/\snonce="([^"]*)"/g)].map((match) => match[1] ?? "");
  return [...inPolicy, ...inMarkup];
}

/** The hash sources of the inline scripts a browser would run (not `src` ones, not JSON data blocks). */
function inlineScriptHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** A page meant for everyone: hashes for exactly its inline scripts, `'strict-dynamic'`, no nonce. */
function expectHashedPolicy(page: Fetched): void {
  const sources = scriptSources(page.policy);
  expect(sources).toContain("'strict-dynamic'");
  expect(noncesOf(page)).toEqual([]);
  expect(page.html).not.toMatch(/\snonce=/);
  const hashes = inlineScriptHashes(page.html);
  expect(hashes.size).toBeGreaterThan(3); // settings, scroll restoration, router context, module entry…
  expect(new Set(sources.filter((source) => source.startsWith("'sha256-")))).toEqual(hashes);
  // Nothing else may run: no inline allowance, no other scheme.
  expect(sources.filter((source) => !source.startsWith("'sha256-"))).toEqual(["'strict-dynamic'", "'self'"]);
}

function expectNothingShared(first: Fetched, second: Fetched): void {
  const shared = noncesOf(first).filter((nonce) => noncesOf(second).includes(nonce));
  expect(shared).toEqual([]);
}

describe("a page from the page cache", () => {
  it("is sent twice without a nonce, its inline scripts allowed by their hashes", async () => {
    const first = await fetchPage("/veelgestelde-vragen");
    const second = await fetchPage("/veelgestelde-vragen");
    expect(second.cache).toBe("HIT");
    expect(second.html).toBe(first.html);
    expectNothingShared(first, second);
    expectHashedPolicy(first);
    expectHashedPolicy(second);
  });

  it("keeps the hashes matching its markup when a partner's theme changes the inline settings", async () => {
    const headers = { host: "tankstation.localhost" };
    await fetchPage("/partner/tankstation", headers);
    const hit = await fetchPage("/partner/tankstation", headers);
    expect(hit.cache).toBe("HIT");
    expectHashedPolicy(hit);
  });
});

describe("a prerendered page", () => {
  it("was built without a nonce and lists the hashes of its inline scripts", () => {
    const dir = path.resolve("build/prerendered");
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as {
      pages: Array<{ path: string; html: string; scriptHashes: string[] }>;
    };
    expect(manifest.pages.map((page) => page.path)).toEqual(expect.arrayContaining(["/oudejaarstrekking"]));
    for (const page of manifest.pages) {
      const html = readFileSync(path.join(dir, page.html), "utf8");
      expect(html).not.toMatch(/\snonce=/);
      expect(new Set(page.scriptHashes)).toEqual(inlineScriptHashes(html));
    }
  });

  it("is sent twice as built, then as refreshed in the background, never with a nonce", async () => {
    for (const pathname of ["/oudejaarstrekking"]) {
      // Prerendered entries start stale: the first answers are the built HTML while a render refreshes it.
      const first = await fetchPage(pathname);
      const second = await fetchPage(pathname);
      expect(first.cache).toBe("STALE");
      expectNothingShared(first, second);
      expectHashedPolicy(first);
      expectHashedPolicy(second);

      await until(async () => (await fetchPage(pathname)).cache === "HIT", `a fresh render of ${pathname}`);
      const refreshed = await fetchPage(pathname);
      expectHashedPolicy(refreshed);
      expectNothingShared(first, refreshed);
    }
  });
});

describe("a page rendered per request", () => {
  it("gets a fresh nonce each time, the same in its policy and on its scripts", async () => {
    // A logged-in player's page is never shared (the login cookie bypasses the cache).
    const headers = { cookie: "kl_ingelogd=1" };
    const first = await fetchPage("/veelgestelde-vragen", headers);
    const second = await fetchPage("/veelgestelde-vragen", headers);
    for (const page of [first, second]) {
      expect(page.cache).toBeNull();
      const [nonce, ...others] = new Set(noncesOf(page));
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(others).toEqual([]);
      expect(scriptSources(page.policy)).toContain(`'nonce-${nonce}'`);
      expect(scriptSources(page.policy).some((source) => source.startsWith("'sha256-"))).toBe(false);
    }
    expectNothingShared(first, second);
  });
});
