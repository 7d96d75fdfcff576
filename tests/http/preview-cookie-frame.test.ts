import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewLink } from "@/src/shop/cms/preview.server";
import { contentFixture } from "../support/content-fixture";
import { startContentfulShop } from "../support/contentful-shop";
import type { DeliveryApiServer } from "../support/delivery-api-server";
import { TEST_SESSION_SECRET, type TestShop } from "../support/shop-server";

/**
 * Decision 28: Contentful's web app frames the shop's preview from another site, where a `SameSite=Lax`
 * cookie is neither set nor sent. Opened there (the browser's fetch metadata says: an iframe, cross-site),
 * the signed preview link sets the preview cookie `SameSite=None; Secure; Partitioned`; opened as a page,
 * it stays `SameSite=Lax`. Either cookie shows the concept, and neither puts the secret in a URL.
 */
let fixture: ReturnType<typeof contentFixture>;
let deliveryApi: DeliveryApiServer;
let shop: TestShop;

beforeAll(async () => {
  fixture = contentFixture();
  ({ shop, deliveryApi } = await startContentfulShop({ dir: fixture.dir }));
});
afterAll(async () => {
  await shop?.shutdown();
  await deliveryApi?.close();
  fixture?.remove();
});

const FRAMED = { "sec-fetch-dest": "iframe", "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" };
const experiment = "kl_exp=homepage-hero:control";

async function openLink(headers: Record<string, string>) {
  const response = await fetch(`${shop.url}${previewLink(TEST_SESSION_SECRET, "/")}`, {
    headers,
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  // The page itself, without the link's signature: the secret stays out of every further URL.
  expect(response.headers.get("location")).toBe("/");
  const [setCookie = ""] = response.headers.getSetCookie();
  const attributes = setCookie
    .split(";")
    .slice(1)
    .map((part) => part.trim().split("=")[0]);
  return { setCookie, attributes, cookie: setCookie.split(";")[0] ?? "" };
}

const home = (cookie: string, headers: Record<string, string> = {}) =>
  fetch(`${shop.url}/`, { headers: { ...headers, cookie: `${experiment}; ${cookie}` } });

describe("the preview cookie inside Contentful's iframe (decision 28)", () => {
  it("is SameSite=None, Secure and Partitioned when the link opens in another site's iframe", async () => {
    const { attributes, cookie } = await openLink(FRAMED);
    expect(cookie).toMatch(/^kl_preview=\d+\.[\w-]+$/);
    expect(attributes).toEqual(["Path", "Expires", "HttpOnly", "SameSite", "Secure", "Partitioned"]);
    expect((await openLink(FRAMED)).setCookie).toContain("SameSite=None");

    // The next page in the frame sends it: the concept, framable by Contentful's web app.
    const framed = await home(cookie, { ...FRAMED, "sec-fetch-site": "same-origin" });
    expect(framed.status).toBe(200);
    expect(await framed.text()).toContain("Nog even:");
    expect(framed.headers.get("content-security-policy")).toContain("https://app.contentful.com");
  });

  it("stays SameSite=Lax (and not partitioned) when the link opens as a page, or in the shop's own frame", async () => {
    const contexts: Array<Record<string, string>> = [
      {},
      { "sec-fetch-dest": "document", "sec-fetch-site": "none" },
      { "sec-fetch-dest": "iframe", "sec-fetch-site": "same-origin" },
      { "sec-fetch-dest": "document", "sec-fetch-site": "cross-site" },
    ];
    for (const headers of contexts) {
      const { setCookie, attributes, cookie } = await openLink(headers);
      expect(attributes).toEqual(["Path", "Expires", "HttpOnly", "SameSite"]);
      expect(setCookie).toContain("SameSite=Lax");
      expect(await (await home(cookie)).text()).toContain("Nog even:");
    }
    // A player's page: what is published, not the concept.
    const published = await (await home("")).text();
    expect(published).not.toContain("Nog even:");
    expect(published).toContain("Oudejaarstrekking:");
  });

  it("is cleared, partitioned or not, when the editor leaves the preview (also inside the frame)", async () => {
    const { cookie } = await openLink(FRAMED);
    // A page in the frame navigates same-origin: nothing says it is framed, so both cookies are cleared.
    const exit = await fetch(`${shop.url}/api/cms/preview/exit?path=/`, {
      headers: { ...FRAMED, "sec-fetch-site": "same-origin", cookie },
      redirect: "manual",
    });
    expect(exit.status).toBe(302);
    const cleared = exit.headers.getSetCookie();
    expect(cleared).toHaveLength(2);
    expect(cleared[0]).toMatch(/^kl_preview=;.*SameSite=Lax/);
    expect(cleared[0]).not.toContain("Partitioned");
    expect(cleared[1]).toMatch(/^kl_preview=;/);
    expect(cleared[1]).toMatch(/Secure; Partitioned; SameSite=None$/);
  });
});
