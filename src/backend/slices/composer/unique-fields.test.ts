import { describe, expect, it } from "vitest";
import { composerCatalog } from "@/src/server/composer.server";
import type { StoredEntry } from "./stores/content-store";
import { uniqueFieldErrors } from "./unique-fields";

const catalog = composerCatalog();
const stored = (id: string, contentType: string, fields: Record<string, unknown>): StoredEntry => ({
  id,
  contentType,
  fields,
  version: 1,
  updatedAt: "2026-12-01T10:00:00Z",
});
const code = (id: string, pageId: string) => ({ id, type: "actionCode", fields: { pageId, title: "Code" } });

describe("fields a content model marks unique", () => {
  const entries = [stored("actioncode-kerst", "actionCode", { pageId: "kerstactie", title: "Kerst" })];

  it("refuses a value another entry of the type has, at that field, in Dutch", () => {
    expect(uniqueFieldErrors({ blocks: [code("nieuw", "kerstactie")], catalog, entries })).toEqual({
      "blocks.nieuw.pageId": [
        "Page-id van de actie „kerstactie” is al in gebruik in een ander blok. Kies een andere waarde.",
      ],
    });
  });

  it("lets an entry keep its own value, and other types or fields share it", () => {
    expect(uniqueFieldErrors({ blocks: [code("actioncode-kerst", "kerstactie")], catalog, entries })).toEqual(
      {},
    );
    const hero = { id: "hero-x", type: "hero", fields: { title: "kerstactie" } };
    expect(uniqueFieldErrors({ blocks: [hero, code("andere", "zomer")], catalog, entries })).toEqual({});
  });

  it("refuses the second of two new blocks with one value, nested ones too", () => {
    const section = { id: "sectie", type: "section", fields: {}, children: [code("b", "zomer")] };
    expect(
      Object.keys(uniqueFieldErrors({ blocks: [code("a", "zomer"), section], catalog, entries })),
    ).toEqual(["blocks.b.pageId"]);
  });
});
