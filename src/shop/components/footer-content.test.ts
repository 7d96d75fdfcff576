import { describe, expect, it } from "vitest";
import { DEFAULT_FOOTER, readFooterContent } from "./footer-content";

const FOOTER = {
  texts: ["Speel bewust 18+"],
  links: [
    { label: "Klantenservice", href: "/klantenservice" },
    { label: "Kansspelautoriteit", href: "https://kansspelautoriteit.nl/" },
  ],
};

describe("readFooterContent (the footer the server wrote into the page)", () => {
  it("takes a footer of texts and links", () => {
    expect(readFooterContent(FOOTER)).toEqual(FOOTER);
    expect(readFooterContent(DEFAULT_FOOTER)).toEqual(DEFAULT_FOOTER);
  });

  it("keeps only a link's label and address", () => {
    const links = [{ label: "Privacy", href: "/privacy", onclick: "alert(1)" }];
    expect(readFooterContent({ ...FOOTER, links })?.links).toEqual([{ label: "Privacy", href: "/privacy" }]);
  });

  it.each([
    ["nothing", null],
    ["a string", "Speel bewust 18+"],
    ["no texts", { ...FOOTER, texts: [] }],
    ["an empty text", { ...FOOTER, texts: [" "] }],
    ["no links", { ...FOOTER, links: [] }],
    ["a link without a label", { ...FOOTER, links: [{ label: "", href: "/privacy" }] }],
    ["a javascript: link", { ...FOOTER, links: [{ label: "Privacy", href: "javascript:alert(1)" }] }],
    ["a link to another host without a scheme", { ...FOOTER, links: [{ label: "X", href: "//evil.test" }] }],
  ])("refuses %s", (_, value) => {
    expect(readFooterContent(value)).toBeUndefined();
  });
});
