import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/src/backend/db/database.server";
import type { PageDocument } from "@/src/contract/composer";
import { composerCatalog } from "@/src/server/composer.server";
import { CONCEPT_PREVIEW_TTL_MS, conceptPageEntry, conceptPreviews } from "./concept-previews.server";
import type { StoredAsset, StoredEntry } from "./stores/content-store";

const stored = (id: string, contentType: string, fields: Record<string, unknown>): StoredEntry => ({
  id,
  contentType,
  fields,
  version: 3,
  publishedVersion: 2,
  updatedAt: "2026-12-01T10:00:00Z",
});
const link = (linkType: "Entry" | "Asset", id: string) => ({ sys: { type: "Link", linkType, id } });
const asset: StoredAsset = {
  id: "asset-kroon",
  title: "Kroon",
  description: "Een gouden kroon",
  fileName: "kroon.png",
  contentType: "image/png",
  url: "/cms-assets/kroon.png",
  width: 800,
  height: 600,
  version: 1,
};

const document: PageDocument = {
  settings: { title: "Actie", path: "/actie-nieuw", middleware: [], prerender: false },
  blocks: [
    { id: "hero-a", type: "hero", fields: { title: "Getypt", image: link("Asset", "asset-kroon") } },
    {
      id: "section-a",
      type: "section",
      fields: { title: "Samen" },
      children: [{ id: "cta-a", type: "ctaBanner", fields: { title: "Binnen de sectie" } }],
    },
  ],
};

describe("a concept as the Delivery API would deliver it", () => {
  const entry = conceptPageEntry("page-actie", document, composerCatalog(), {
    // The store's hero says something else: the typed document wins.
    entries: [stored("hero-a", "hero", { title: "Opgeslagen" })],
    assets: [asset],
  }) as { sys: { id: string }; fields: { title: string; blocks: Array<Record<string, unknown>> } };

  it("is the page entry with its typed settings and blocks in order", () => {
    expect(entry.sys).toEqual({ type: "Entry", id: "page-actie", contentType: { sys: { id: "page" } } });
    expect(entry.fields.title).toBe("Actie");
    expect(entry.fields.blocks.map((block) => (block.sys as { id: string }).id)).toEqual([
      "hero-a",
      "section-a",
    ]);
  });

  it("resolves the blocks' links: the asset as delivered, a section's nested blocks inline", () => {
    const [hero, section] = entry.fields.blocks as Array<{ fields: Record<string, unknown> }>;
    expect(hero?.fields.title).toBe("Getypt");
    expect(hero?.fields.image).toMatchObject({
      sys: { type: "Asset", id: "asset-kroon" },
      fields: {
        description: "Een gouden kroon",
        file: { url: "/cms-assets/kroon.png", details: { image: { width: 800, height: 600 } } },
      },
    });
    expect(section?.fields.blocks).toEqual([
      {
        sys: { type: "Entry", id: "cta-a", contentType: { sys: { id: "ctaBanner" } } },
        fields: { title: "Binnen de sectie" },
      },
    ]);
  });
});

describe("concept previews in the database", () => {
  let database: Database;
  let clock = new Date("2026-12-03T10:00:00Z");
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("give the entry back by token and path until they expire", async () => {
    const previews = conceptPreviews(database.db, () => clock);
    const entry = { sys: { id: "page-actie" }, fields: { title: "Getypt" } };
    const token = await previews.save({ pageId: "page-actie", path: "/actie", entry, editorId: null });
    expect(token).toMatch(/^[\w-]{24}$/);
    expect(await previews.read(token, "/actie")).toEqual(entry);
    expect(await previews.read(token, "/loten")).toBeUndefined();
    expect(await previews.read("x'; drop table composer_previews; --", "/actie")).toBeUndefined();
    clock = new Date(clock.getTime() + CONCEPT_PREVIEW_TTL_MS + 1);
    expect(await previews.read(token, "/actie")).toBeUndefined();
  });
});
