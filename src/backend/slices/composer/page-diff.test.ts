import { describe, expect, it } from "vitest";
import type { PageDocument } from "@/src/contract/composer";
import { type DiffNames, diffPages, readable, shorten } from "./page-diff";

const names: DiffNames = {
  block: (type) => ({ hero: "Hero", markdownText: "Tekst (markdown)", section: "Sectie" })[type] ?? type,
  field: (type, id) => (type === "hero" && id === "title" ? "Kop" : id),
};

const page = (overrides: Partial<PageDocument["settings"]> = {}, blocks: PageDocument["blocks"] = []) => ({
  settings: { title: "Zomeractie", path: "/zomeractie", middleware: [], prerender: false, ...overrides },
  blocks,
});
const hero = { id: "hero-1", type: "hero", fields: { title: "Zomer vol prijzen", text: "Speel mee" } };
const text = { id: "md-1", type: "markdownText", fields: { body: "## Zo werkt het" } };

describe("the changes between two versions of a page", () => {
  it("finds none between equal versions", () => {
    expect(diffPages(page({}, [hero, text]), page({}, [hero, text]), names)).toEqual([]);
  });

  it("names each changed setting with its Dutch name and both values", () => {
    const changes = diffPages(
      page(),
      page({ title: "Winteractie", path: "/winteractie", description: "Nieuw", prerender: true }),
      names,
    );
    expect(changes).toEqual([
      { kind: "setting", field: "Titel", before: "Zomeractie", after: "Winteractie" },
      { kind: "setting", field: "Pad", before: "/zomeractie", after: "/winteractie" },
      { kind: "setting", field: "SEO-omschrijving", before: "(leeg)", after: "Nieuw" },
      { kind: "setting", field: "Vooraf renderen", before: "uit", after: "aan" },
    ]);
  });

  it("lists blocks added and removed by their type's name", () => {
    expect(diffPages(page({}, [text]), page({}, [hero]), names)).toEqual([
      { kind: "blockAdded", blockId: "hero-1", block: "Hero" },
      { kind: "blockRemoved", blockId: "md-1", block: "Tekst (markdown)" },
    ]);
  });

  it("gives a changed field of a block that stayed by its catalogue name", () => {
    const edited = { ...hero, fields: { ...hero.fields, title: "Winter vol prijzen" } };
    expect(diffPages(page({}, [hero]), page({}, [edited]), names)).toEqual([
      {
        kind: "blockField",
        blockId: "hero-1",
        block: "Hero",
        field: "Kop",
        before: "Zomer vol prijzen",
        after: "Winter vol prijzen",
      },
    ]);
  });

  it("says the order changed, and only that, when the same blocks swap places", () => {
    expect(diffPages(page({}, [hero, text]), page({}, [text, hero]), names)).toEqual([
      { kind: "blocksReordered" },
    ]);
    // Adding a block in front is no change of order of the others.
    expect(diffPages(page({}, [text]), page({}, [hero, text]), names)).toEqual([
      { kind: "blockAdded", blockId: "hero-1", block: "Hero" },
    ]);
  });

  it("looks into a section's nested blocks", () => {
    const section = (children: PageDocument["blocks"]) => ({
      id: "s-1",
      type: "section",
      fields: {},
      children,
    });
    expect(diffPages(page({}, [section([hero])]), page({}, [section([hero, text])]), names)).toEqual([
      { kind: "blockAdded", blockId: "md-1", block: "Tekst (markdown)" },
    ]);
  });

  it("shortens long text with an ellipsis and reads links, lists and rich text", () => {
    const long = "a".repeat(100);
    expect(shorten(long)).toHaveLength(60);
    expect(shorten(long).endsWith("…")).toBe(true);
    expect(readable("kort")).toBe("kort");
    expect(readable({ sys: { type: "Link", linkType: "Entry", id: "faq-home" } })).toBe("faq-home");
    expect(readable(["a", "b"])).toBe("a, b");
    expect(readable(undefined)).toBe("(leeg)");
    const doc = {
      nodeType: "document",
      content: [{ nodeType: "paragraph", content: [{ nodeType: "text", value: "Hallo wereld" }] }],
    };
    expect(readable(doc)).toBe("Hallo wereld");
    const edited = { ...hero, fields: { ...hero.fields, text: "b".repeat(200) } };
    const [change] = diffPages(page({}, [hero]), page({}, [edited]), names);
    expect(change).toMatchObject({ kind: "blockField", field: "text", after: `${"b".repeat(59)}…` });
  });
});
