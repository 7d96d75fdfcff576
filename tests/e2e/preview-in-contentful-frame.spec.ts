import { previewLink } from "@/src/shop/cms/preview.server";
import { contentFixture } from "../support/content-fixture";
import { startContentfulShop } from "../support/contentful-shop";
import type { DeliveryApiServer } from "../support/delivery-api-server";
import { TEST_SESSION_SECRET, type TestShop } from "../support/shop-server";
import { expect, test } from "./fixtures";

/**
 * Decision 28 in Chromium: Contentful's web app (its origin, served here by the test) frames the shop's
 * signed preview link, a site of its own. The link's cookie is partitioned for Contentful's app, so a
 * click on an internal link inside the frame still shows the concept; the shop opened in a tab of its own
 * is the published shop, the cookie is not there.
 */
const APP = "https://app.contentful.com";
const entry = (id: string, type: string, fields: Record<string, unknown>) => ({
  sys: { id, type: "Entry", contentType: { sys: { id: type } }, updatedAt: "2026-12-01T10:00:00Z" },
  fields,
});

test.describe("the preview inside Contentful's app", () => {
  let fixture: ReturnType<typeof contentFixture>;
  let deliveryApi: DeliveryApiServer;
  let shop: TestShop;

  test.beforeAll(async () => {
    fixture = contentFixture();
    // A concept page only the preview shows, with a link to another concept page.
    fixture.write(
      "drafts/markdown-concept-start.json",
      entry("markdown-concept-start", "markdownText", {
        body: "Lees ook [de Koningsdagtrekking](/nieuw-concept).",
      }),
    );
    fixture.write(
      "drafts/page-concept-start.json",
      entry("page-concept-start", "page", {
        title: "Voorjaarsactie (concept)",
        path: "/concept-start",
        blocks: [{ sys: { type: "Link", linkType: "Entry", id: "markdown-concept-start" } }],
      }),
    );
    ({ shop, deliveryApi } = await startContentfulShop({ dir: fixture.dir }));
  });
  test.afterAll(async () => {
    await shop?.shutdown();
    await deliveryApi?.close();
    fixture?.remove();
  });

  test("a click inside Contentful's frame keeps the concept; the shop in a tab of its own does not", async ({
    page,
    context,
  }) => {
    const link = `${shop.url}${previewLink(TEST_SESSION_SECRET, "/concept-start")}`;
    await page.route(`${APP}/spaces/kroon/entries/page-concept-start`, (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html lang="nl"><title>Contentful</title><iframe title="Live preview" src="${link}" width="1200" height="900"></iframe></html>`,
      }),
    );
    // The shop is on this machine here: the browser asks the editor before a public site frames it.
    await context.grantPermissions(["local-network-access"], { origin: APP });
    await page.goto(`${APP}/spaces/kroon/entries/page-concept-start`);
    const frame = page.frameLocator('iframe[title="Live preview"]');
    await expect(frame.getByRole("heading", { name: "Voorjaarsactie (concept)" })).toBeVisible();
    await expect(frame.getByText("Voorbeeldweergave").first()).toBeVisible();

    // The cookie the frame got: partitioned by the top-level site, Contentful's.
    const cookies = await context.cookies(shop.url);
    expect(
      cookies
        .filter(({ name }) => name === "kl_preview")
        .map(({ sameSite, secure, partitionKey }) => ({ sameSite, secure, partitionKey })),
    ).toEqual([{ sameSite: "None", secure: true, partitionKey: "https://contentful.com" }]);

    await frame.getByRole("link", { name: "de Koningsdagtrekking" }).click();
    await expect(frame.getByRole("heading", { name: "Extra trekking op Koningsdag" })).toBeVisible();
    expect(
      page
        .frames()
        .find((item) => item !== page.mainFrame())
        ?.url(),
    ).toBe(`${shop.url}/nieuw-concept`);

    // The shop as a tab of its own in the same browser: no preview cookie there, players' pages only.
    const tab = await context.newPage();
    expect((await tab.goto(`${shop.url}/nieuw-concept`))?.status()).toBe(404);
  });
});
