import { describe, expect, it } from "vitest";
import type { ComposerBlock } from "@/src/contract/composer";
import { composerCatalog } from "@/src/server/composer.server";
import { validatePage } from "./validate-page";

/**
 * The composer's check of rich text and markdown (issue 44, spec section 5) with the site's own block
 * models: what the shop must not get is refused at the field, in Dutch.
 */
const catalog = composerCatalog();

function errorsOf(...blocks: ComposerBlock[]) {
  return validatePage({
    pageId: "zomer",
    document: {
      settings: { title: "Zomer", path: "/zomer", description: "", middleware: [], prerender: false },
      blocks,
    },
    catalog,
    targets: { entries: new Map(), assets: new Map() },
  });
}

const text = (value: string, ...marks: string[]) => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const paragraph = (...content: unknown[]) => ({ nodeType: "paragraph", data: {}, content });
const doc = (...content: unknown[]) => ({ nodeType: "document", data: {}, content });
const link = (uri: string, label: string) => ({
  nodeType: "hyperlink",
  data: { uri },
  content: [text(label)],
});
const richText = (body: unknown): ComposerBlock => ({ id: "tekst", type: "richText", fields: { body } });
const markdown = (body: string): ComposerBlock => ({ id: "md", type: "markdownText", fields: { body } });

describe("a rich text field in the composer", () => {
  it("takes the marks, headings, lists and links the shop renders", () => {
    const body = doc(
      { nodeType: "heading-2", data: {}, content: [text("Kop")] },
      paragraph(text("Vet", "bold"), text(" cursief", "italic"), text(" onder", "underline")),
      paragraph(
        text("Naar "),
        link("/loten", "de loten"),
        text(" of "),
        link("https://example.com", "elders"),
      ),
      {
        nodeType: "unordered-list",
        data: {},
        content: [{ nodeType: "list-item", data: {}, content: [paragraph(text("Een"))] }],
      },
    );
    expect(errorsOf(richText(body))).toEqual({});
  });

  it.each([
    ["javascript:alert(1)", "De link javascript:alert(1) is niet toegestaan"],
    [" JaVaScRiPt:alert(1)", "De link  JaVaScRiPt:alert(1) is niet toegestaan"],
    ["data:text/html,<b>x</b>", "De link data:text/html,<b>x</b> is niet toegestaan"],
    ["vbscript:x", "De link vbscript:x is niet toegestaan"],
    ["loten", "De link loten klopt niet"],
  ])("refuses a hyperlink to %j with a Dutch message at the field", (uri, message) => {
    const errors = errorsOf(richText(doc(paragraph(text(""), link(uri, "klik"), text("")))));
    expect(errors["blocks.tekst.body"]).toEqual([expect.stringContaining(message)]);
  });

  it("refuses node types and marks the field does not enable", () => {
    const body = doc(
      { nodeType: "heading-1", data: {}, content: [text("Te groot")] },
      paragraph(text("code", "code")),
      { nodeType: "table", data: {}, content: [] },
    );
    expect(errorsOf(richText(body))["blocks.tekst.body"]).toEqual([
      "Dit soort opmaak kan hier niet: heading-1.",
      "Deze tekstopmaak kan hier niet: code.",
      "Dit soort opmaak kan hier niet: table.",
    ]);
  });
});

describe("a markdown field in the composer", () => {
  it("takes links to the shop and the web and data images", () => {
    const body = "## Kop\n\n[loten](/loten), <https://example.com> en ![](data:image/png;base64,AAAA)";
    expect(errorsOf(markdown(body))).toEqual({});
  });

  it.each([
    ["[klik](javascript:alert(1))", "javascript:alert(1)"],
    ["[klik](JAVASCRIPT:alert(1))", "JAVASCRIPT:alert(1)"],
    ["[klik](vbscript:x)", "vbscript:x"],
    ["[klik](file:///etc/passwd)", "file:///etc/passwd"],
    ["![plaatje](data:text/html,x)", "data:text/html,x"],
    ['<a href="javascript:alert(1)">klik</a>', "javascript:alert(1)"],
  ])("refuses %j with a Dutch message at the field", (body, uri) => {
    expect(errorsOf(markdown(body))["blocks.md.body"]).toEqual([
      `De link ${uri} wordt niet getoond: links met javascript:, vbscript:, file: of data: zijn niet toegestaan.`,
    ]);
  });

  it("leaves text that only mentions javascript: alone", () => {
    expect(errorsOf(markdown("Zet javascript: aan in je browser."))).toEqual({});
  });
});
