import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditorialContentStore } from "@/src/backend/slices/composer/stores/content-store";
import { createContentfulStore } from "@/src/backend/slices/composer/stores/contentful-store.server";
import { PREVIEW_COOKIE, previewCookieValue } from "@/src/shop/cms/preview.server";
import { contentFixture } from "../support/content-fixture";
import { startContentfulShop } from "../support/contentful-shop";
import type { DeliveryApiServer } from "../support/delivery-api-server";
import { type ManagementApiServer, startManagementApiServer } from "../support/management-api-server";
import { TEST_SESSION_SECRET, type TestShop } from "../support/shop-server";

/**
 * Issue 44 item 4 on Contentful: what the composer's Contentful store writes through the real
 * `contentful-management` SDK is what a Contentful space holds (a local CMA server starting from the shop's
 * content), and once published the shop's Contentful source (the real `contentful` SDK against the local
 * Delivery API server over the same space) shows it; a saved concept shows in the preview only.
 */
const SPACE = "kroon";
const link = (id: string) => ({ sys: { type: "Link", linkType: "Entry", id } });

let fixture: ReturnType<typeof contentFixture>;
let managementApi: ManagementApiServer;
let deliveryApi: DeliveryApiServer;
let shop: TestShop;
let store: EditorialContentStore;

beforeAll(async () => {
  fixture = contentFixture();
  managementApi = await startManagementApiServer({
    spaceId: SPACE,
    managementToken: "cma-token",
    contentDir: fixture.dir,
  });
  ({ shop, deliveryApi } = await startContentfulShop({ dir: fixture.dir, spaceId: SPACE }));
  store = createContentfulStore({
    spaceId: SPACE,
    environment: "master",
    managementToken: "cma-token",
    host: `http://${managementApi.host}`,
    uploadHost: `http://${managementApi.uploadHost}`,
  });
  shop.services.cms.invalidate();
});
afterAll(async () => {
  await shop?.shutdown();
  await deliveryApi?.close();
  await managementApi?.close();
  fixture?.remove();
});

const experiment = "kl_exp=homepage-hero:control";
const preview = `${PREVIEW_COOKIE}=${previewCookieValue(TEST_SESSION_SECRET, Date.now() + 3_600_000)}`;
const home = async (cookie: string) =>
  (await fetch(`${shop.url}/`, { headers: { cookie: `${experiment}; ${cookie}` } })).text();

describe("the composer on Contentful", () => {
  it("reads the space as Contentful holds it: the concept, and what players see", async () => {
    const hero = await store.getEntry("hero-home");
    expect(hero?.fields.title).toMatch(/^Nog even:/);
    expect(hero?.publishedFields?.title).toMatch(/^Oudejaarstrekking:/);
    expect(hero?.publishedVersion).toBeDefined();
    const pages = await store.listEntries({ contentType: "page" });
    expect(pages.map((page) => page.id)).toContain("page-home");
  });

  it("saves a concept the preview shows and players do not, then publishes it for everyone", async () => {
    const hero = await store.getEntry("hero-home");
    if (!hero) throw new Error("hero-home is not in the space");
    const saved = await store.updateEntry(
      "hero-home",
      { ...hero.fields, title: "Kroonjackpot: de nieuwe titel van de redactie" },
      hero.version,
    );
    expect(await home(preview)).toContain("Kroonjackpot: de nieuwe titel van de redactie");
    expect(await home("")).not.toContain("Kroonjackpot: de nieuwe titel van de redactie");

    await store.publishEntry("hero-home", saved.version);
    shop.services.cms.invalidate(["hero-home"], ["hero"]);
    expect(await home("")).toContain("Kroonjackpot: de nieuwe titel van de redactie");

    // The space holds the entry per locale, published at the version the editor saw.
    const entry = managementApi.space().publishedEntries.find((item) => item.sys.id === "hero-home");
    expect(entry?.fields.title).toEqual({ "nl-NL": "Kroonjackpot: de nieuwe titel van de redactie" });
    expect(entry?.sys.publishedVersion).toBe(saved.version);
  });

  it("adds a new block to a page: a new entry linked from the page's blocks", async () => {
    await store.createEntry({
      id: "markdown-redactie",
      contentType: "markdownText",
      fields: { title: "Nieuw van de redactie", body: "Vanaf januari **twee** trekkingen per maand." },
    });
    await store.publishEntry("markdown-redactie", 1);
    const page = await store.getEntry("page-home");
    if (!page) throw new Error("page-home is not in the space");
    const blocks = [...(page.fields.blocks as unknown[]), link("markdown-redactie")];
    const saved = await store.updateEntry("page-home", { ...page.fields, blocks }, page.version);
    await store.publishEntry("page-home", saved.version);
    shop.services.cms.invalidate(["page-home", "markdown-redactie"], ["page", "markdownText"]);

    const html = await home("");
    expect(html).toContain("Nieuw van de redactie");
    expect(html).toContain("<strong>twee</strong>");
    // What the Delivery API serves from the space: the link as Contentful stores it, for the one locale.
    const delivered = JSON.parse(readFileSync(path.join(fixture.dir, "entries", "page-home.json"), "utf8"));
    expect(delivered.fields.blocks.at(-1)).toEqual(link("markdown-redactie"));
  });

  it("takes a block off the shop by unpublishing it; its concept stays in the space", async () => {
    const entry = await store.getEntry("markdown-redactie");
    if (!entry) throw new Error("markdown-redactie is not in the space");
    await store.unpublishEntry("markdown-redactie", entry.version);
    shop.services.cms.invalidate(["markdown-redactie"], ["markdownText"]);
    expect(await home("")).not.toContain("Nieuw van de redactie");
    const space = managementApi.space();
    expect(space.entries.some((item) => item.sys.id === "markdown-redactie")).toBe(true);
    expect(space.publishedEntries.some((item) => item.sys.id === "markdown-redactie")).toBe(false);
  });
});
