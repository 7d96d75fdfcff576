import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { contentFixture } from "../support/content-fixture";
import { startContentfulShop } from "../support/contentful-shop";
import type { DeliveryApiServer } from "../support/delivery-api-server";
import { freePort } from "../support/listen";
import {
  type CmaEntity,
  type ManagementApiServer,
  startManagementApiServer,
} from "../support/management-api-server";
import type { TestShop } from "../support/shop-server";
import { composeCampaignPage, eindredacteur, logIn, publishReviewedPage, redacteur } from "./composer-steps";
import { expect, test } from "./fixtures";

/**
 * Issue 44's editing journey on the Contentful store (COMPOSER_STORE=contentful, decision 27): the composer
 * writes through the real `contentful-management` SDK to a local server speaking the Content Management API,
 * which holds the space; the shop reads that space through the local Delivery and Preview API server
 * (the CMA server writes what the space holds into the content dir it serves) and drops its caches on the
 * space's signed publish webhook, as it does live. A redacteur composes a campaign page and asks for review,
 * its concept shows in the preview; an eindredacteur publishes it, and it is live within 5 s. Then the
 * space holds what a Contentful space would: the page and its blocks per locale, linked as entries,
 * published at their versions, each of a content type of content-models/ with that type's fields.
 */
const SPACE = "kroon";
const WEBHOOK_SECRET = "webhook-secret-for-the-journey";
const PATH = "/lenteactie";
const TITLE = "Lenteactie";
const HERO = "Lente vol prijzen";

type ContentType = { sys: { id: string }; fields: Array<{ id: string; type: string; required: boolean }> };
const contentTypes = new Map(
  (
    JSON.parse(
      readFileSync(path.resolve("content-models/contentful/content-types.json"), "utf8"),
    ) as ContentType[]
  ).map((type) => [type.sys.id, type]),
);

let fixture: ReturnType<typeof contentFixture>;
let managementApi: ManagementApiServer;
let deliveryApi: DeliveryApiServer;
let shop: TestShop;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  fixture = contentFixture();
  managementApi = await startManagementApiServer({
    spaceId: SPACE,
    managementToken: "cma-token",
    contentDir: fixture.dir,
  });
  const port = await freePort();
  ({ shop, deliveryApi } = await startContentfulShop({
    dir: fixture.dir,
    spaceId: SPACE,
    env: {
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      COMPOSER_STORE: "contentful",
      CONTENTFUL_MANAGEMENT_TOKEN: "cma-token",
      CONTENTFUL_MANAGEMENT_HOST: `http://${managementApi.host}`,
      CONTENTFUL_UPLOAD_HOST: `http://${managementApi.uploadHost}`,
    },
  }));
  managementApi.sendWebhooksTo({ url: `${shop.url}/api/cms/webhook`, secret: WEBHOOK_SECRET });
});
test.afterAll(async () => {
  await shop?.shutdown();
  await deliveryApi?.close();
  await managementApi?.close();
  fixture?.remove();
});

const localised = (entry: CmaEntity, field: string) => entry.fields[field]?.["nl-NL"];
const linkIds = (entry: CmaEntity, field: string) =>
  (localised(entry, field) as Array<{ sys: { type: string; linkType: string; id: string } }>).map((link) => {
    expect(link.sys).toMatchObject({ type: "Link", linkType: "Entry" });
    return link.sys.id;
  });

/** The entry is of a content type of content-models/, with only its fields, its required ones filled. */
function expectOfItsContentType(entry: CmaEntity) {
  const type = contentTypes.get(entry.sys.contentType?.sys.id ?? "");
  expect(type, `content type of ${entry.sys.id}`).toBeDefined();
  const declared = new Set(type?.fields.map((field) => field.id));
  for (const name of Object.keys(entry.fields)) expect(declared, `${entry.sys.id}.${name}`).toContain(name);
  for (const field of type?.fields.filter((item) => item.required) ?? []) {
    expect(localised(entry, field.id), `${entry.sys.id}.${field.id}`).toBeDefined();
  }
  // Every field for the one locale the shop reads.
  for (const values of Object.values(entry.fields)) expect(Object.keys(values)).toEqual(["nl-NL"]);
}

async function askForReview(page: Page) {
  await page.getByRole("button", { name: "Review vragen" }).click();
  await expect(page.locator(".composer-ok")).toHaveText("Review gevraagd.");
}

test("a redacteur composes a campaign page on Contentful, an eindredacteur publishes it, the space holds it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const anonymous = await browser.newPage();

  const page = await logIn(browser, shop.url, redacteur);
  await composeCampaignPage(page, TITLE, PATH, HERO);
  // The concept is in the space, and the shop's preview (the Preview API) shows it.
  const concept = managementApi.space().entries.find((entry) => localised(entry, "path") === PATH);
  expect(concept?.sys.publishedVersion).toBeUndefined();
  await page.getByRole("button", { name: "Voorbeeld", exact: true }).click();
  const preview = page.frameLocator('iframe[title="Voorbeeld"]');
  await expect(preview.getByRole("heading", { name: HERO })).toBeVisible();
  await askForReview(page);
  // Players do not see a concept.
  expect((await anonymous.goto(`${shop.url}${PATH}`))?.status()).toBe(404);

  const final = await logIn(browser, shop.url, eindredacteur);
  await publishReviewedPage(final, TITLE);
  await expect
    .poll(async () => (await anonymous.goto(`${shop.url}${PATH}`))?.status(), { timeout: 5_000 })
    .toBe(200);
  await expect(anonymous.getByRole("heading", { name: HERO })).toBeVisible();
  await expect(anonymous.getByRole("heading", { name: "Zo werkt het" })).toBeVisible();

  // What the space holds: the page, per locale, its blocks linked as entries, all published as saved.
  const space = managementApi.space();
  const pageEntry = space.entries.find((entry) => localised(entry, "path") === PATH);
  if (!pageEntry) throw new Error(`no page entry for ${PATH} in the space`);
  expect(pageEntry.sys.contentType?.sys.id).toBe("page");
  expect(localised(pageEntry, "title")).toBe(TITLE);
  expectOfItsContentType(pageEntry);
  const blockIds = linkIds(pageEntry, "blocks");
  const blocks = blockIds.map((id) => space.entries.find((entry) => entry.sys.id === id));
  expect(blocks.map((block) => block?.sys.contentType?.sys.id)).toEqual([
    "hero",
    "markdownText",
    "ticketConfigurator",
    "actionCode",
  ]);
  expect(localised(blocks[0]!, "title")).toBe(HERO);
  expect(localised(blocks[1]!, "body")).toBe("## Zo werkt het\n\nKoop een lot en maak kans.");
  for (const entry of [pageEntry, ...blocks]) {
    if (!entry) throw new Error("a linked block is not in the space");
    expectOfItsContentType(entry);
    // Published at the version saved last: nothing changed since.
    expect(entry.sys.publishedVersion).toBe(entry.sys.version - 1);
    expect(entry.sys.publishedCounter).toBeGreaterThanOrEqual(1);
    const published = space.publishedEntries.find((item) => item.sys.id === entry.sys.id);
    expect(published?.fields).toEqual(entry.fields);
  }
  // The shop heard of it as from Contentful: a signed webhook per published entry, each accepted.
  expect(managementApi.webhooks).toContain(`ContentManagement.Entry.publish ${pageEntry.sys.id} 202`);
  expect(managementApi.webhooks.every((line) => line.endsWith(" 202"))).toBe(true);
});
