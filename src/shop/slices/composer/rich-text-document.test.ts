import { describe, expect, it } from "vitest";
import {
  documentToEditor,
  type EditorNode,
  editorToDocument,
  isEditableDocument,
  type RichNode,
} from "./rich-text-document";

const text = (value: string, ...marks: string[]): RichNode => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const node = (nodeType: string, content: RichNode[], data: Record<string, unknown> = {}): RichNode => ({
  nodeType,
  data,
  content,
});
const doc = (...content: RichNode[]) => ({ nodeType: "document", data: {}, content });
const link = (uri: string, ...content: RichNode[]) => node("hyperlink", content, { uri });

/** A Document as Contentful's editor writes it: every mark, heading level, list and link the shop renders. */
const full = doc(
  node("heading-2", [text("Meedoen")]),
  node("paragraph", [
    text("Speel "),
    text("vandaag", "bold"),
    text(" mee met "),
    text("twee", "bold", "italic"),
    text(" en "),
    text("streep", "underline"),
    text(", zie "),
    link("/loten", text("de loten")),
    text(" of "),
    link("https://example.com/spelregels", text("de "), text("spelregels", "bold")),
    text("."),
  ]),
  node("heading-3", [text("Zo werkt het")]),
  node("unordered-list", [
    node("list-item", [node("paragraph", [text("Kies een lot")])]),
    node("list-item", [
      node("paragraph", [text("Betaal")]),
      node("ordered-list", [node("list-item", [node("paragraph", [text("iDEAL")])])]),
    ]),
  ]),
  node("ordered-list", [node("list-item", [node("paragraph", [text("Eerste")])])]),
  node("heading-4", [text("Klein")]),
  node("blockquote", [node("paragraph", [text("Citaat")])]),
  node("hr", []),
  node("paragraph", [text("Regel een\nregel twee")]),
);

describe("rich text between the page's Document and the composer's editor", () => {
  it("gives back the same Document after a round trip through the editor", () => {
    expect(editorToDocument(documentToEditor(full))).toEqual(full);
  });

  it("holds marks and a link as the editor's marks", () => {
    const editor = documentToEditor(doc(node("paragraph", [link("/loten", text("loten", "bold"))])));
    expect(editor).toEqual({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            {
              type: "text",
              text: "loten",
              marks: [{ type: "bold" }, { type: "link", attrs: { href: "/loten" } }],
            },
          ],
        },
      ],
    });
  });

  it("turns the editor's content into text, hyperlink, heading and list nodes", () => {
    const editor: EditorNode = {
      type: "doc",
      content: [
        {
          type: "heading",
          attrs: { level: 2, textAlign: "center" },
          content: [{ type: "text", text: "Kop" }],
        },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Naar " },
            {
              type: "text",
              text: "de loten",
              marks: [{ type: "link", attrs: { href: "/loten", target: "_blank" } }],
            },
          ],
        },
        {
          type: "bulletList",
          content: [
            { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Een" }] }] },
          ],
        },
      ],
    };
    expect(editorToDocument(editor)).toEqual(
      doc(
        node("heading-2", [text("Kop")]),
        node("paragraph", [text("Naar "), link("/loten", text("de loten")), text("")]),
        node("unordered-list", [node("list-item", [node("paragraph", [text("Een")])])]),
      ),
    );
  });

  it("leaves out a link with an unsafe or malformed address, keeping its text", () => {
    const bad = doc(
      node("paragraph", [
        text(""),
        link("javascript:alert(1)", text("klik")),
        text(" en "),
        link("loten", text("hier")),
      ]),
    );
    expect(editorToDocument(documentToEditor(bad))).toEqual(doc(node("paragraph", [text("klik en hier")])));
    const typed: EditorNode = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            {
              type: "text",
              text: "klik",
              marks: [{ type: "link", attrs: { href: " JaVaScRiPt:alert(1)" } }],
            },
          ],
        },
      ],
    };
    expect(editorToDocument(typed)).toEqual(doc(node("paragraph", [text("klik")])));
  });

  it("strips marks, heading levels and node types the shop does not render, keeping the words", () => {
    const odd = doc(
      node("heading-1", [text("Grote kop")]),
      node("paragraph", [text("code", "code", "bold"), text(" doorgestreept", "strikethrough")]),
      node("table", [node("table-row", [node("table-cell", [node("paragraph", [text("cel")])])])]),
    );
    expect(editorToDocument(documentToEditor(odd))).toEqual(
      doc(
        node("paragraph", [text("Grote kop")]),
        node("paragraph", [text("code", "bold"), text(" doorgestreept")]),
        node("paragraph", [text("cel")]),
      ),
    );
    const editor: EditorNode = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "H1" }] },
        { type: "codeBlock", content: [{ type: "text", text: "x = 1", marks: [{ type: "strike" }] }] },
        { type: "image", attrs: { src: "data:image/png;base64,AAAA" } },
      ],
    };
    expect(editorToDocument(editor)).toEqual(
      doc(node("paragraph", [text("H1")]), node("paragraph", [text("x = 1")])),
    );
  });

  it("gives no Document for an empty editor, so a required field says it is empty", () => {
    expect(editorToDocument(documentToEditor(undefined))).toBeUndefined();
    expect(
      editorToDocument({
        type: "doc",
        content: [{ type: "paragraph" }, { type: "bulletList", content: [] }],
      }),
    ).toBe(undefined);
  });

  it("keeps an empty paragraph between two as Contentful does, with an empty text node", () => {
    const editor: EditorNode = {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Een" }] },
        { type: "paragraph" },
        { type: "paragraph", content: [{ type: "text", text: "Twee" }, { type: "hardBreak" }] },
      ],
    };
    expect(editorToDocument(editor)).toEqual(
      doc(
        node("paragraph", [text("Een")]),
        node("paragraph", [text("")]),
        node("paragraph", [text("Twee\n")]),
      ),
    );
  });

  it("knows which Documents the editor can hold without losing embedded blocks or entry links", () => {
    expect(isEditableDocument(undefined)).toBe(true);
    expect(isEditableDocument(full)).toBe(true);
    const entryLink = node("entry-hyperlink", [text("home")], { target: { sys: { id: "home" } } });
    expect(isEditableDocument(doc(node("paragraph", [entryLink])))).toBe(false);
    expect(isEditableDocument(doc(node("embedded-entry-block", [])))).toBe(false);
    expect(isEditableDocument({ nodeType: "paragraph", content: [] })).toBe(false);
    expect(isEditableDocument("platte tekst")).toBe(false);
  });
});
