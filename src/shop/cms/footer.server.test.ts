import { describe, expect, it } from "vitest";
import type { NavigationFields } from "@/content-models/navigation";
import { DEFAULT_FOOTER, footerFromContent, renderFooterHtml } from "./footer.server";

const link = (label: string, target: { path?: string; url?: string }) => ({
  id: `nav-${label}`,
  contentType: "navigationLink" as const,
  fields: { label, ...target },
});
const navigation = (footer: ReturnType<typeof link>[]): NavigationFields => ({
  name: "Hoofdnavigatie",
  header: [],
  footer,
});

describe("footerFromContent", () => {
  it("takes the settings' texts and the navigation's footer links, paths and URLs", () => {
    const footer = footerFromContent(
      { brandName: "Kroonloterij", footerTexts: ["Speel bewust 18+"] },
      navigation([
        link("Klantenservice", { path: "/klantenservice" }),
        link("Kansspelautoriteit", { url: "https://kansspelautoriteit.nl/" }),
      ]),
    );
    expect(footer).toEqual({
      texts: ["Speel bewust 18+"],
      links: [
        { label: "Klantenservice", href: "/klantenservice" },
        { label: "Kansspelautoriteit", href: "https://kansspelautoriteit.nl/" },
      ],
    });
  });

  it("uses the shop's own texts and links where the CMS has none", () => {
    expect(footerFromContent(undefined, undefined)).toEqual(DEFAULT_FOOTER);
    expect(footerFromContent({ brandName: "Kroonloterij", footerTexts: [" ", ""] }, navigation([]))).toEqual(
      DEFAULT_FOOTER,
    );
    // A link without a label would be an empty link.
    expect(footerFromContent(undefined, navigation([link(" ", { path: "/privacy" })])).links).toEqual(
      DEFAULT_FOOTER.links,
    );
  });

  it("shows a text or link that is there twice once", () => {
    const footer = footerFromContent(
      { brandName: "Kroonloterij", footerTexts: ["Speel bewust 18+", "Speel bewust 18+ "] },
      navigation([link("Privacy", { path: "/privacy" }), link("Privacy", { path: "/privacy" })]),
    );
    expect(footer).toEqual({ texts: ["Speel bewust 18+"], links: [{ label: "Privacy", href: "/privacy" }] });
  });
});

describe("renderFooterHtml", () => {
  it("writes the texts as paragraphs and the links as a named list of anchors", () => {
    const html = renderFooterHtml({
      texts: ["Speel bewust 18+", "Kroonloterij heeft een vergunning."],
      links: [
        { label: "Klantenservice", href: "/klantenservice" },
        { label: "Kansspelautoriteit", href: "https://kansspelautoriteit.nl/" },
      ],
    });
    expect(html).toBe(
      "<p>Speel bewust 18+</p><p>Kroonloterij heeft een vergunning.</p>" +
        '<nav aria-label="Service en voorwaarden"><ul class="footer__links">' +
        '<li><a href="/klantenservice">Klantenservice</a></li>' +
        '<li><a href="https://kansspelautoriteit.nl/" rel="noopener">Kansspelautoriteit</a></li>' +
        "</ul></nav>",
    );
  });

  it("escapes what editors typed", () => {
    const html = renderFooterHtml({
      texts: ["<b>18+</b> & meer"],
      links: [{ label: '<script>alert("x")</script>', href: '/privacy?a=1&b="2"' }],
    });
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>");
    expect(html).toContain("<p>&lt;b&gt;18+&lt;/b&gt; &amp; meer</p>");
    expect(html).toContain(
      '<a href="/privacy?a=1&amp;b=&quot;2&quot;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</a>',
    );
  });
});
