import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { type EditorialContentStore, VersionConflictError } from "./content-store";

/**
 * The behaviour every EditorialContentStore shares (issue 44 item 4): the local files and Contentful run
 * this same suite, each against a store of its own (`makeStore` gives a fresh, empty one per test).
 */
export function describeEditorialContentStore(
  name: string,
  makeStore: () => Promise<EditorialContentStore> | EditorialContentStore,
): void {
  describe(`${name}: the composer's write interface`, () => {
    let store: EditorialContentStore;
    beforeEach(async () => {
      store = await makeStore();
    });
    conceptsAndVersions(() => store);
    publishing(() => store);
    linksAndAssets(() => store);
  });
}

const uniqueId = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;
const hero = (title: string) => ({ title, text: "Speel mee" });

function conceptsAndVersions(storeOf: () => EditorialContentStore) {
  it("creates a concept at version 1 that players do not see yet", async () => {
    const id = uniqueId("hero");
    const created = await storeOf().createEntry({ id, contentType: "hero", fields: hero("Nieuw") });
    expect(created).toMatchObject({ id, contentType: "hero", fields: hero("Nieuw"), version: 1 });
    expect(created.publishedVersion).toBeUndefined();
    expect(created.publishedFields).toBeUndefined();
    expect(await storeOf().getEntry(id)).toMatchObject({ id, fields: hero("Nieuw"), version: 1 });
    expect((await storeOf().listEntries({ contentType: "hero" })).map((entry) => entry.id)).toContain(id);
    expect((await storeOf().listEntries({ contentType: "page" })).map((entry) => entry.id)).not.toContain(id);
  });

  it("refuses an id that exists", async () => {
    const id = uniqueId("hero");
    await storeOf().createEntry({ id, contentType: "hero", fields: hero("Eerste") });
    await expect(
      storeOf().createEntry({ id, contentType: "hero", fields: hero("Tweede") }),
    ).rejects.toThrow();
    expect((await storeOf().getEntry(id))?.fields).toEqual(hero("Eerste"));
  });

  it("goes up one version per save and refuses a save against an older version, keeping the newer one", async () => {
    const id = uniqueId("hero");
    await storeOf().createEntry({ id, contentType: "hero", fields: hero("Een") });
    const second = await storeOf().updateEntry(id, hero("Twee"), 1);
    expect(second.version).toBe(2);
    const conflict = await storeOf()
      .updateEntry(id, hero("Van de ander"), 1)
      .catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(VersionConflictError);
    expect((conflict as VersionConflictError).currentVersion).toBe(2);
    expect(await storeOf().getEntry(id)).toMatchObject({ fields: hero("Twee"), version: 2 });
  });
}

function publishing(storeOf: () => EditorialContentStore) {
  it("publishes the concept at a version, and keeps what players see apart from later concepts", async () => {
    const id = uniqueId("hero");
    await storeOf().createEntry({ id, contentType: "hero", fields: hero("Live") });
    const published = await storeOf().publishEntry(id, 1);
    expect(published).toMatchObject({ version: 2, publishedVersion: 1, publishedFields: hero("Live") });
    expect(published.publishedAt).toBeTruthy();

    const edited = await storeOf().updateEntry(id, hero("Nog niet live"), 2);
    expect(edited).toMatchObject({
      version: 3,
      publishedVersion: 1,
      fields: hero("Nog niet live"),
      publishedFields: hero("Live"),
    });
    await expect(storeOf().publishEntry(id, 2)).rejects.toBeInstanceOf(VersionConflictError);
    expect((await storeOf().getEntry(id))?.publishedFields).toEqual(hero("Live"));
  });

  it("unpublishes an entry and keeps its concept", async () => {
    const id = uniqueId("hero");
    await storeOf().createEntry({ id, contentType: "hero", fields: hero("Even live") });
    await storeOf().publishEntry(id, 1);
    const unpublished = await storeOf().unpublishEntry(id, 2);
    expect(unpublished).toMatchObject({ version: 3, fields: hero("Even live") });
    expect(unpublished.publishedVersion).toBeUndefined();
    expect(unpublished.publishedFields).toBeUndefined();
    expect(await storeOf().getEntry(id)).toMatchObject({ version: 3, fields: hero("Even live") });
  });
}

function linksAndAssets(storeOf: () => EditorialContentStore) {
  it("keeps links to other entries in the Delivery API shape", async () => {
    const blockId = uniqueId("hero");
    const pageId = uniqueId("page");
    await storeOf().createEntry({ id: blockId, contentType: "hero", fields: hero("Blok") });
    const link = { sys: { type: "Link", linkType: "Entry", id: blockId } };
    await storeOf().createEntry({
      id: pageId,
      contentType: "page",
      fields: { title: "Actie", path: `/${pageId}`, blocks: [link] },
    });
    expect((await storeOf().getEntry(pageId))?.fields.blocks).toEqual([link]);
  });

  it("answers undefined for an entry that does not exist, and refuses to write it", async () => {
    const id = uniqueId("missing");
    expect(await storeOf().getEntry(id)).toBeUndefined();
    await expect(storeOf().updateEntry(id, hero("x"), 1)).rejects.toThrow();
    await expect(storeOf().publishEntry(id, 1)).rejects.toThrow();
  });

  it("stores an uploaded image as an asset it lists", async () => {
    const id = uniqueId("asset");
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const asset = await storeOf().createAsset({
      id,
      title: "Vuurwerk",
      description: "Vuurwerk boven de stad",
      fileName: "vuurwerk.png",
      contentType: "image/png",
      bytes: png,
      width: 1,
      height: 1,
    });
    expect(asset).toMatchObject({
      id,
      title: "Vuurwerk",
      description: "Vuurwerk boven de stad",
      contentType: "image/png",
    });
    expect(asset.url).toBeTruthy();
    expect((await storeOf().listAssets()).map((listed) => listed.id)).toContain(id);
  });
}
