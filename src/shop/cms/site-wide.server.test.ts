import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "@/src/server/logger";
import { type ContentLookups, createContentLookups } from "./cms-service.server";
import { DEFAULT_FOOTER, renderFooterHtml } from "./footer.server";
import { createLocalSource } from "./source/local-source.server";
import type { ContentEntry, ContentSource } from "./source/types";

const entry = (id: string, type: string, fields: Record<string, unknown>): ContentEntry => ({
  sys: { id, type: "Entry", contentType: { sys: { id: type } } },
  fields,
});

const settings = (footerTexts: unknown) =>
  entry("site-settings", "siteSettings", { brandName: "Kroonloterij", footerTexts });
const navigation = (link: Record<string, unknown>) =>
  entry("main-navigation", "navigation", {
    name: "Hoofdnavigatie",
    footer: [entry("nav-1", "navigationLink", link)],
  });

/** A content source holding `entries` by type, that can be made to fail. */
function fakeSource(entries: Record<string, ContentEntry[]>) {
  let failing = false;
  const answer = <T>(value: T) => (failing ? Promise.reject(new Error("503")) : Promise.resolve(value));
  const source: ContentSource = {
    kind: "contentful",
    getPageEntry: () => answer(undefined),
    listPageEntries: () => answer([]),
    getEntriesOfType: (type) => answer(entries[type] ?? []),
    getEntry: () => answer(undefined),
    ping: () => answer(undefined),
  };
  return { source, fail: () => (failing = true), entries };
}

let lookups: ContentLookups | undefined;
afterEach(() => lookups?.health.close());

function lookupsOn(source: ContentSource): ContentLookups {
  lookups = createContentLookups({
    source,
    logger: createLogger("silent"),
    slowSourceMs: 50,
    recoveryProbeMs: 20,
  });
  return lookups;
}

const SHOP_FOOTER = renderFooterHtml(DEFAULT_FOOTER);

describe("the footer from the CMS", () => {
  it("comes from the seed content's site settings and navigation", async () => {
    const html = await lookupsOn(createLocalSource({ dir: "content" })).footerHtml();
    expect(html).toContain("<p>Speel bewust 18+</p>");
    expect(html).toContain("<p>Kroonloterij heeft een vergunning van de Kansspelautoriteit.</p>");
    for (const [label, href] of [
      ["Klantenservice", "/klantenservice"],
      ["Algemene voorwaarden", "/algemene-voorwaarden"],
      ["Spelvoorwaarden", "/spelvoorwaarden"],
      ["Privacy", "/privacy"],
      ["Cookies", "/cookies"],
      ["Verantwoord spelen", "/verantwoord-spelen"],
    ]) {
      expect(html).toContain(`<a href="${href}">${label}</a>`);
    }
  });

  it("is the shop's own without site settings and navigation", async () => {
    expect(await lookupsOn(fakeSource({}).source).footerHtml()).toBe(SHOP_FOOTER);
  });

  it("is the shop's own where the entries do not hold", async () => {
    // Texts that are no strings; a link with neither a path nor a URL.
    const cms = fakeSource({ siteSettings: [settings([42])], navigation: [navigation({ label: "Hulp" })] });
    expect(await lookupsOn(cms.source).footerHtml()).toBe(SHOP_FOOTER);
  });

  it("is rendered again when the content changes", async () => {
    const cms = fakeSource({
      siteSettings: [settings(["Speel bewust 18+"])],
      navigation: [navigation({ label: "Hulp", path: "/klantenservice" })],
    });
    const content = lookupsOn(cms.source);
    expect(await content.footerHtml()).toContain('<a href="/klantenservice">Hulp</a>');

    cms.entries.navigation = [navigation({ label: "Klantenservice", path: "/klantenservice" })];
    content.clear({ siteWide: true });
    const html = await content.footerHtml();
    expect(html).toContain('<a href="/klantenservice">Klantenservice</a>');
    expect(html).not.toContain(">Hulp<");
  });

  it("keeps its last good copy while the source fails, and is the shop's own without one", async () => {
    const cms = fakeSource({
      siteSettings: [settings(["Speel bewust 18+"])],
      navigation: [navigation({ label: "Hulp", path: "/klantenservice" })],
    });
    const content = lookupsOn(cms.source);
    const good = renderFooterHtml({
      texts: ["Speel bewust 18+"],
      links: [{ label: "Hulp", href: "/klantenservice" }],
    });
    expect(await content.footerHtml()).toBe(good);

    cms.fail();
    content.clear({ siteWide: true });
    expect(await content.footerHtml()).toBe(good);

    const down = fakeSource({});
    down.fail();
    expect(await lookupsOn(down.source).footerHtml()).toBe(SHOP_FOOTER);
  });
});
