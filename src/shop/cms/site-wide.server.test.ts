import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "@/src/server/logger";
import { DEFAULT_FOOTER } from "@/src/shop/components/footer-content";
import { type ContentLookups, createContentLookups } from "./cms-service.server";
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

describe("the footer from the CMS", () => {
  it("comes from the seed content's site settings and navigation", async () => {
    const footer = await lookupsOn(createLocalSource({ dir: "content" })).footer();
    expect(footer.texts).toContain("Speel bewust 18+");
    expect(footer.texts).toContain("Kroonloterij heeft een vergunning van de Kansspelautoriteit.");
    expect(footer.links).toEqual(
      expect.arrayContaining([
        { label: "Klantenservice", href: "/klantenservice" },
        { label: "Algemene voorwaarden", href: "/algemene-voorwaarden" },
        { label: "Spelvoorwaarden", href: "/spelvoorwaarden" },
        { label: "Privacy", href: "/privacy" },
        { label: "Cookies", href: "/cookies" },
        { label: "Verantwoord spelen", href: "/verantwoord-spelen" },
      ]),
    );
  });

  it("is the shop's own without site settings and navigation", async () => {
    expect(await lookupsOn(fakeSource({}).source).footer()).toEqual(DEFAULT_FOOTER);
  });

  it("is the shop's own where the entries do not hold", async () => {
    // Texts that are no strings; a link with neither a path nor a URL.
    const cms = fakeSource({ siteSettings: [settings([42])], navigation: [navigation({ label: "Hulp" })] });
    expect(await lookupsOn(cms.source).footer()).toEqual(DEFAULT_FOOTER);
  });

  it("keeps its last good copy while the source fails, and is the shop's own without one", async () => {
    const cms = fakeSource({
      siteSettings: [settings(["Speel bewust 18+"])],
      navigation: [navigation({ label: "Hulp", path: "/klantenservice" })],
    });
    const content = lookupsOn(cms.source);
    const good = { texts: ["Speel bewust 18+"], links: [{ label: "Hulp", href: "/klantenservice" }] };
    expect(await content.footer()).toEqual(good);

    cms.fail();
    content.clear({ siteWide: true });
    expect(await content.footer()).toEqual(good);

    const down = fakeSource({});
    down.fail();
    expect(await lookupsOn(down.source).footer()).toEqual(DEFAULT_FOOTER);
  });
});
