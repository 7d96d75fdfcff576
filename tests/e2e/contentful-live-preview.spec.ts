import { PREVIEW_COOKIE, previewCookieValue } from "@/src/shop/cms/preview.server";
import { contentFixture } from "../support/content-fixture";
import { startContentfulShop } from "../support/contentful-shop";
import type { DeliveryApiServer } from "../support/delivery-api-server";
import { TEST_SESSION_SECRET, type TestShop } from "../support/shop-server";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Decision 27 in the browser: an editor's preview, framed as Contentful's web app frames it, loads the
 * live-preview SDK, keeps its blocks tagged for click-to-edit, and shows an edit once Contentful says it is
 * saved; a player's page loads none of it. The frame here is on the shop's own origin (the SDK only needs
 * a parent window; Contentful's own origin cannot be served locally), and Contentful's save message is
 * posted to it as Contentful's web app posts it.
 */
test.describe("Contentful live preview", () => {
  let fixture: ReturnType<typeof contentFixture>;
  let deliveryApi: DeliveryApiServer;
  let shop: TestShop;

  test.beforeAll(async () => {
    fixture = contentFixture();
    ({ shop, deliveryApi } = await startContentfulShop({ dir: fixture.dir }));
  });
  test.afterAll(async () => {
    await shop?.shutdown();
    await deliveryApi?.close();
    fixture?.remove();
  });

  test("the preview loads the SDK, keeps its tags and shows a saved edit; a player's page loads nothing of it", async ({
    page,
    context,
  }) => {
    const livePreviewChunks: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/live-preview\.client-[\w-]+\.js$/.test(request.url()))
        livePreviewChunks.push(request.url());
    });

    await page.goto(`${shop.url}/`);
    await waitForHydration(page);
    await expect(page.locator('[data-entry-id="hero-home"]')).toBeVisible();
    await expect(page.locator("[data-contentful-entry-id]")).toHaveCount(0);
    expect(livePreviewChunks).toEqual([]);

    const expires = Date.now() + 3_600_000;
    await context.addCookies([
      { name: PREVIEW_COOKIE, value: previewCookieValue(TEST_SESSION_SECRET, expires), url: shop.url },
    ]);
    await page.route(`${shop.url}/redactie-voorbeeldframe`, (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: '<!doctype html><html lang="nl"><title>Voorbeeld</title><iframe title="Voorbeeld" src="/" width="1200" height="900"></iframe></html>',
      }),
    );
    await page.goto(`${shop.url}/redactie-voorbeeldframe`);
    const frame = page.frameLocator('iframe[title="Voorbeeld"]');
    const hero = frame.locator('[data-entry-id="hero-home"]');
    await expect(hero.getByText(/^Nog even:/)).toBeVisible();
    await expect.poll(() => livePreviewChunks.length).toBeGreaterThan(0);
    await expect(hero).toHaveAttribute("data-contentful-field-id", "title");
    await expect(hero).toHaveAttribute("data-contentful-locale", "nl-NL");

    // The editor's change, saved in Contentful (the Preview API has it), then Contentful's save message.
    fixture.write("drafts/hero-home.json", {
      sys: { id: "hero-home", type: "Entry", contentType: { sys: { id: "hero" } } },
      fields: { title: "Live bijgewerkt door de redactie", ctaLabel: "Koop je lot", ctaPath: "/loten" },
    });
    await expect(async () => {
      await page.evaluate(() =>
        document
          .querySelector("iframe")
          ?.contentWindow?.postMessage(
            { source: "live-preview-editor", method: "ENTRY_SAVED", entity: { sys: { id: "hero-home" } } },
            "*",
          ),
      );
      await expect(hero.getByText("Live bijgewerkt door de redactie")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(hero).toHaveAttribute("data-contentful-entry-id", "hero-home");
  });
});
