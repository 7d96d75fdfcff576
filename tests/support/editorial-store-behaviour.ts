import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type EditorialContentStore,
  EntryNotFoundError,
  VersionConflictError,
} from "@/src/backend/slices/composer/stores/content-store";

/**
 * What every composer store does behind the one write interface (issue 44 item 4), whatever holds the
 * content: the one suite both stores run (the local files in a temporary dir, Contentful against the local
 * CMA server), with a factory that gives a fresh, empty store (and a way to tear it down). The local and
 * the Contentful store answer the same journey the same way.
 */
export type StoreFactory = () => Promise<{ store: EditorialContentStore; close?: () => Promise<void> }>;

const link = (id: string, linkType: "Entry" | "Asset" = "Entry") => ({
  sys: { type: "Link", linkType, id },
});

const richText = {
  nodeType: "document",
  data: {},
  content: [
    {
      nodeType: "paragraph",
      data: {},
      content: [{ nodeType: "text", value: "Speel mee met de Kroonloterij.", marks: [], data: {} }],
    },
  ],
};

const heroFields = {
  title: "Win de Kroonjackpot",
  text: "Elke maand een kans",
  image: link("asset-loten", "Asset"),
};

/** A 2x1 PNG: what an editor uploads (already checked on type and size by the composer). */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4f53hPwNDw38AFNwEVUrCEiwAAAAASUVORK5CYII=",
    "base64",
  ),
);

export function describeEditorialStore(name: string, factory: StoreFactory) {
  describe(`${name}: the composer's write interface`, () => {
    let store: EditorialContentStore;
    let close: (() => Promise<void>) | undefined;
    beforeEach(async () => {
      ({ store, close } = await factory());
    });
    afterEach(async () => {
      await close?.();
    });

    describeConcepts(() => store);
    describePublishing(() => store);
    describeMissingEntries(() => store);
    describeLinks(() => store);
    describeAssets(() => store);
  });
}

function describeConcepts(current: () => EditorialContentStore) {
  it("creates a concept at version 1 that is not published, and reads it back field for field", async () => {
    const fields = { ...heroFields, body: richText, tags: ["actie", "jackpot"], order: 3 };
    const created = await current().createEntry({ id: "hero-nieuw", contentType: "hero", fields });
    expect(created).toMatchObject({ id: "hero-nieuw", contentType: "hero", fields, version: 1 });
    expect(created.publishedVersion).toBeUndefined();
    expect(created.publishedFields).toBeUndefined();
    expect(Number.isNaN(Date.parse(created.updatedAt))).toBe(false);
    expect(await current().getEntry("hero-nieuw")).toEqual(created);
  });

  it("refuses to create an entry whose id exists, and leaves that entry as it was", async () => {
    const store = current();
    const first = await store.createEntry({ id: "hero-dubbel", contentType: "hero", fields: heroFields });
    await expect(
      store.createEntry({ id: "hero-dubbel", contentType: "hero", fields: { title: "Overschreven" } }),
    ).rejects.toThrow();
    expect((await store.getEntry("hero-dubbel"))?.fields).toEqual(first.fields);
  });

  it("saves a concept at the version it was made against, and refuses a stale version", async () => {
    const store = current();
    await store.createEntry({ id: "hero-bewerkt", contentType: "hero", fields: heroFields });
    const saved = await store.updateEntry("hero-bewerkt", { ...heroFields, title: "Nieuwe titel" }, 1);
    expect(saved.version).toBe(2);
    expect(saved.fields.title).toBe("Nieuwe titel");

    // A second editor who started from version 1 does not overwrite the first one's save.
    const stale = store.updateEntry("hero-bewerkt", { ...heroFields, title: "Oude titel" }, 1);
    await expect(stale).rejects.toBeInstanceOf(VersionConflictError);
    await expect(stale).rejects.toMatchObject({ entryId: "hero-bewerkt", currentVersion: 2 });
    expect((await store.getEntry("hero-bewerkt"))?.fields.title).toBe("Nieuwe titel");
  });

  it("saves the fields as given: a field left out is gone from the concept", async () => {
    const store = current();
    await store.createEntry({ id: "hero-kaal", contentType: "hero", fields: heroFields });
    const saved = await store.updateEntry("hero-kaal", { title: "Alleen een titel" }, 1);
    expect(saved.fields).toEqual({ title: "Alleen een titel" });
  });

  it("lists concepts and published entries, all or of one content type", async () => {
    const store = current();
    await store.createEntry({ id: "hero-a", contentType: "hero", fields: heroFields });
    await store.createEntry({ id: "faq-a", contentType: "faq", fields: { question: "Hoe speel ik mee?" } });
    await store.createEntry({ id: "hero-b", contentType: "hero", fields: { title: "Tweede" } });
    await store.publishEntry("hero-b", 1);

    const heroes = await store.listEntries({ contentType: "hero" });
    expect(heroes.map((entry) => entry.id).sort()).toEqual(["hero-a", "hero-b"]);
    expect(heroes.find((entry) => entry.id === "hero-b")?.publishedVersion).toBe(1);
    const all = await store.listEntries();
    expect(all.map((entry) => entry.id).sort()).toEqual(["faq-a", "hero-a", "hero-b"]);
    expect((await store.listEntries({ contentType: "faq" })).map((entry) => entry.id)).toEqual(["faq-a"]);
    expect(await store.listEntries({ contentType: "countdown" })).toEqual([]);
  });
}

function describePublishing(current: () => EditorialContentStore) {
  it("publishes the concept at the version it was made against", async () => {
    const store = current();
    await store.createEntry({ id: "hero-live", contentType: "hero", fields: heroFields });
    const published = await store.publishEntry("hero-live", 1);
    expect(published).toMatchObject({ version: 2, publishedVersion: 1, publishedFields: heroFields });
    expect(Number.isNaN(Date.parse(published.publishedAt ?? ""))).toBe(false);
    expect(await store.getEntry("hero-live")).toEqual(published);
  });

  it("keeps what players see while the concept changes, until it is published again", async () => {
    const store = current();
    await store.createEntry({ id: "hero-wijzig", contentType: "hero", fields: heroFields });
    await store.publishEntry("hero-wijzig", 1);
    const edited = await store.updateEntry("hero-wijzig", { ...heroFields, title: "Concepttitel" }, 2);
    expect(edited).toMatchObject({ version: 3, publishedVersion: 1 });
    expect(edited.fields.title).toBe("Concepttitel");
    expect(edited.publishedFields).toEqual(heroFields);
    expect((await store.listEntries({ contentType: "hero" }))[0]?.publishedFields).toEqual(heroFields);
    // Publishing the version before the edit is refused: it would put the edit live unseen.
    await expect(store.publishEntry("hero-wijzig", 2)).rejects.toBeInstanceOf(VersionConflictError);
    expect((await store.getEntry("hero-wijzig"))?.publishedFields).toEqual(heroFields);

    const republished = await store.publishEntry("hero-wijzig", 3);
    expect(republished).toMatchObject({ version: 4, publishedVersion: 3 });
    expect(republished.publishedFields?.title).toBe("Concepttitel");
  });

  it("refuses to publish a version that is not the latest", async () => {
    const store = current();
    await store.createEntry({ id: "hero-oud", contentType: "hero", fields: heroFields });
    await store.updateEntry("hero-oud", { title: "Nieuwer" }, 1);
    const stale = store.publishEntry("hero-oud", 1);
    await expect(stale).rejects.toBeInstanceOf(VersionConflictError);
    await expect(stale).rejects.toMatchObject({ currentVersion: 2 });
    expect((await store.getEntry("hero-oud"))?.publishedVersion).toBeUndefined();
  });

  it("unpublishes: players no longer see it, the concept stays", async () => {
    const store = current();
    await store.createEntry({ id: "hero-weg", contentType: "hero", fields: heroFields });
    await store.publishEntry("hero-weg", 1);
    await expect(store.unpublishEntry("hero-weg", 1)).rejects.toBeInstanceOf(VersionConflictError);
    const unpublished = await store.unpublishEntry("hero-weg", 2);
    expect(unpublished).toMatchObject({ version: 3, fields: heroFields });
    expect(unpublished.publishedVersion).toBeUndefined();
    expect(unpublished.publishedFields).toBeUndefined();
    expect(unpublished.publishedAt).toBeUndefined();
    expect(await store.getEntry("hero-weg")).toEqual(unpublished);
  });
}

function describeMissingEntries(current: () => EditorialContentStore) {
  it("answers undefined for an entry that does not exist, and refuses to write it", async () => {
    const store = current();
    expect(await store.getEntry("bestaat-niet")).toBeUndefined();
    await expect(store.updateEntry("bestaat-niet", { title: "x" }, 1)).rejects.toBeInstanceOf(
      EntryNotFoundError,
    );
    await expect(store.publishEntry("bestaat-niet", 1)).rejects.toBeInstanceOf(EntryNotFoundError);
    await expect(store.unpublishEntry("bestaat-niet", 1)).rejects.toMatchObject({
      name: "EntryNotFoundError",
      entryId: "bestaat-niet",
    });
    expect(await store.listEntries()).toEqual([]);
  });
}

function describeLinks(current: () => EditorialContentStore) {
  it("keeps links to other entries and assets in the Delivery API shape, in their order", async () => {
    const store = current();
    await store.createEntry({ id: "hero-blok", contentType: "hero", fields: heroFields });
    await store.createEntry({
      id: "faq-blok",
      contentType: "faq",
      fields: { question: "Wat kost een lot?" },
    });
    const blocks = [link("faq-blok"), link("hero-blok")];
    await store.createEntry({
      id: "page-actie",
      contentType: "page",
      fields: { title: "Actie", path: "/actie", blocks },
    });
    const saved = await store.publishEntry("page-actie", 1);
    expect(saved.publishedFields?.blocks).toEqual(blocks);
    expect((await store.getEntry("page-actie"))?.fields).toEqual({ title: "Actie", path: "/actie", blocks });
    expect((await store.getEntry("hero-blok"))?.fields.image).toEqual(link("asset-loten", "Asset"));
  });
}

function describeAssets(current: () => EditorialContentStore) {
  it("stores an uploaded image as a published asset that the shop can show", async () => {
    const store = current();
    const asset = await store.createAsset({
      id: "asset-kroon",
      title: "Kroon",
      description: "Een gouden kroon",
      fileName: "kroon.png",
      contentType: "image/png",
      bytes: TINY_PNG,
      width: 2,
      height: 1,
    });
    expect(asset).toMatchObject({
      id: "asset-kroon",
      title: "Kroon",
      description: "Een gouden kroon",
      // The local store names the file after the asset; Contentful keeps the uploaded name.
      fileName: expect.stringMatching(/kroon\.png$/),
      contentType: "image/png",
      width: 2,
      height: 1,
    });
    expect(asset.url).toMatch(/kroon\.png$/);
    expect(asset.version).toBeGreaterThanOrEqual(1);
    expect(await store.listAssets()).toEqual([asset]);
  });
}
