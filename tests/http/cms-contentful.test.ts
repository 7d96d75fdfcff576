import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentfulShop } from "../support/contentful-shop";
import type { startDeliveryApiServer } from "../support/delivery-api-server";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * The same content through the real Contentful SDK (against a local server that speaks the Delivery API)
 * renders the same pages as the local source.
 */
let local: TestShop;
let contentful: TestShop;
let deliveryApi: Awaited<ReturnType<typeof startDeliveryApiServer>>;

const PAGES = [
  "/",
  "/oudejaarstrekking",
  "/over-ons",
  "/veelgestelde-vragen",
  "/verantwoord-spelen",
  "/partner/bladwijzer",
  "/loten",
];

beforeAll(async () => {
  local = await startTestShop();
  ({ shop: contentful, deliveryApi } = await startContentfulShop({ dir: path.resolve("content") }));
  // Start from rendered pages, not from the build's prerendered copies, so both sources really render.
  local.services.cms.invalidate();
  contentful.services.cms.invalidate();
});
afterAll(async () => {
  await local?.shutdown();
  await contentful?.shutdown();
  await deliveryApi?.close().catch(() => undefined);
});

/** Per-request values (nonces, the countdown's minute, each test shop's own port in links) are not content. */
const normalise = (html: string) =>
  html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/\.localhost:\d+/g, ".localhost:PORT")
    .replace(/<p class="countdown__clock"[^<]*(<!-- -->[^<]*)*<\/p>/g, "")
    .replace(/"requestId":"[^"]*"/g, "");

describe("local source and Contentful SDK", () => {
  it.each(PAGES)("render %s identically", async (pagePath) => {
    // One experiment group for both (the home page shows `homepage-hero`'s group, drawn per visitor).
    const headers = { cookie: "kl_exp=homepage-hero:control" };
    const [fromLocal, fromContentful] = await Promise.all([
      fetch(`${local.url}${pagePath}`, { headers }),
      fetch(`${contentful.url}${pagePath}`, { headers }),
    ]);
    expect(fromContentful.status).toBe(fromLocal.status);
    expect(normalise(await fromContentful.text())).toBe(normalise(await fromLocal.text()));
  });

  it("give identical payloads", async () => {
    const [a, b] = await Promise.all([
      fetch(`${local.url}/veelgestelde-vragen/_payload.json`),
      fetch(`${contentful.url}/veelgestelde-vragen/_payload.json`),
    ]);
    expect(await b.json()).toEqual(await a.json());
  });

  it("serve the last good page when the CMS is unreachable", async () => {
    const before = await (await fetch(`${contentful.url}/over-ons`)).text();
    await deliveryApi.close();
    contentful.services.cms.invalidate();
    const during = await fetch(`${contentful.url}/over-ons`);
    expect(during.status).toBe(200);
    expect(normalise(await during.text())).toBe(normalise(before));
    expect(contentful.logsMatching("content source failed").length).toBeGreaterThan(0);
    // It can serve, so a load balancer must keep sending it visitors.
    expect((await fetch(`${contentful.url}/readyz`)).status).toBe(200);
  });
});
