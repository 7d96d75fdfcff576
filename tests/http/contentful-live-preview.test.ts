import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptsRequestedOnLoad } from "@/scripts/first-load";
import { PREVIEW_COOKIE, previewCookieValue } from "@/src/shop/cms/preview.server";
import { startContentfulShop } from "../support/contentful-shop";
import type { DeliveryApiServer } from "../support/delivery-api-server";
import { TEST_SESSION_SECRET, type TestShop } from "../support/shop-server";

/**
 * Decision 27: on Contentful, an editor's preview carries Contentful's live-preview tags on every block
 * and loads the live-preview SDK (a chunk of its own, imported by the preview's banner only); a player's
 * page has neither, and only a preview may be framed by Contentful's web app.
 */
let shop: TestShop;
let deliveryApi: DeliveryApiServer;

const previewCookie = `${PREVIEW_COOKIE}=${previewCookieValue(TEST_SESSION_SECRET, Date.now() + 3_600_000)}`;
const experimentCookie = "kl_exp=homepage-hero:control";

type ManifestChunk = { file: string; dynamicImports?: string[] };
const manifest = (): Record<string, ManifestChunk> =>
  JSON.parse(readFileSync(path.resolve("build/client/.vite/manifest.json"), "utf8"));

beforeAll(async () => {
  ({ shop, deliveryApi } = await startContentfulShop({ dir: path.resolve("content") }));
});
afterAll(async () => {
  await shop?.shutdown();
  await deliveryApi?.close();
});

const get = (pathname: string, cookie: string) => fetch(`${shop.url}${pathname}`, { headers: { cookie } });

/** The opening tag of the block element of an entry. */
const blockTag = (html: string, entryId: string) =>
  new RegExp(`<div[^>]*data-entry-id="${entryId}"[^>]*>`).exec(html)?.[0] ?? "";

describe("Contentful live preview (decision 27)", () => {
  it("tags every block of an editor's preview for click-to-edit in Contentful's web app", async () => {
    const response = await get("/", `${previewCookie}; ${experimentCookie}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // The hero shows its draft: this is the preview, read through the Preview API.
    expect(html).toContain("Nog even:");
    const hero = blockTag(html, "hero-home");
    expect(hero).toContain('data-contentful-entry-id="hero-home"');
    expect(hero).toContain('data-contentful-field-id="title"');
    expect(hero).toContain('data-contentful-locale="nl-NL"');
    const blocks = [...html.matchAll(/<div[^>]*class="block"[^>]*>/g)].map((match) => match[0]);
    expect(blocks.length).toBeGreaterThan(1);
    for (const tag of blocks) expect(tag).toMatch(/data-contentful-entry-id="[^"]+"/);
    // The page's data tells the preview's banner to load the SDK.
    expect(html).toContain("livePreview");
  });

  it("tags a page's title with the page entry", async () => {
    const html = await (await get("/over-ons", previewCookie)).text();
    const title = /<h1[^>]*class="cms-page__title"[^>]*>/.exec(html)?.[0] ?? "";
    expect(title).toContain('data-contentful-field-id="title"');
    expect(title).toMatch(/data-contentful-entry-id="page-[^"]+"/);
    const player = await (await get("/over-ons", "")).text();
    expect(player).toMatch(/<h1 class="cms-page__title">/);
  });

  it("lets Contentful's web app frame the preview, and no one else a player's page", async () => {
    const preview = await get("/", `${previewCookie}; ${experimentCookie}`);
    expect(preview.headers.get("content-security-policy")).toMatch(
      /frame-ancestors 'self'[^;]* https:\/\/app\.contentful\.com https:\/\/app\.eu\.contentful\.com/,
    );
    const player = await get("/", experimentCookie);
    expect(player.headers.get("content-security-policy")).not.toContain("contentful");
  });

  it("gives players no tags and no live-preview code", async () => {
    const response = await get("/", experimentCookie);
    const html = await response.text();
    expect(html).toContain('data-entry-id="hero-home"');
    expect(html).not.toContain("data-contentful-");
    expect(html).not.toContain("livePreview");
    const livePreviewChunk = manifest()["src/shop/cms/render/live-preview.client.ts"]?.file ?? "";
    const firstLoad = scriptsRequestedOnLoad(html);
    expect(firstLoad.length).toBeGreaterThan(0);
    expect(firstLoad).not.toContain(`/${livePreviewChunk}`);
    for (const script of firstLoad) {
      expect(await (await fetch(`${shop.url}${script}`)).text()).not.toContain("data-contentful-entry-id");
    }
  });

  it("loads the SDK as a chunk of its own, imported only by the preview's banner", async () => {
    const chunks = manifest();
    const livePreview = chunks["src/shop/cms/render/live-preview.client.ts"];
    expect(livePreview).toBeDefined();
    const importers = Object.entries(chunks)
      .filter(([, chunk]) => chunk.dynamicImports?.includes("src/shop/cms/render/live-preview.client.ts"))
      .map(([key]) => key);
    expect(importers).toEqual(["src/shop/cms/render/preview-banner.tsx"]);
    const code = await (await fetch(`${shop.url}/${livePreview?.file}`)).text();
    // The SDK itself: its inspector reads these tags, and it talks to Contentful's web app.
    expect(code).toContain("data-contentful-entry-id");
    expect(code).toContain("https://app.contentful.com");
    // The editor's preview names no live-preview code on its first load either: it comes with import().
    const previewHtml = await (await get("/", `${previewCookie}; ${experimentCookie}`)).text();
    expect(scriptsRequestedOnLoad(previewHtml)).not.toContain(`/${livePreview?.file}`);
  });
});
