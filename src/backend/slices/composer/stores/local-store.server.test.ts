import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeEditorialStore } from "@/tests/support/editorial-store-behaviour";
import { createLocalStore } from "./local-store.server";

const freshDir = () => mkdtemp(path.join(tmpdir(), "kl-composer-store-"));

describeEditorialStore("the local files", async () => ({
  store: createLocalStore({ dir: await freshDir() }),
}));

const readJson = async (file: string) => JSON.parse(await readFile(file, "utf8"));

describe("the local store's files", () => {
  it("keeps a concept in drafts/ and moves it to entries/ on publish, in the Delivery API shape", async () => {
    const dir = await freshDir();
    const published: string[][] = [];
    const store = createLocalStore({ dir, onPublished: (ids) => published.push(ids) });
    await store.createEntry({ id: "hero-zomer", contentType: "hero", fields: { title: "Zomer" } });
    const draft = await readJson(path.join(dir, "drafts", "hero-zomer.json"));
    expect(draft).toMatchObject({
      sys: { id: "hero-zomer", type: "Entry", contentType: { sys: { id: "hero" } }, version: 1 },
      fields: { title: "Zomer" },
    });

    await store.publishEntry("hero-zomer", 1);
    expect(await readdir(path.join(dir, "drafts"))).toEqual([]);
    expect(await readJson(path.join(dir, "entries", "hero-zomer.json"))).toMatchObject({
      sys: { id: "hero-zomer", revision: 1, publishedVersion: 1, version: 2 },
      fields: { title: "Zomer" },
    });
    expect(published).toEqual([["hero-zomer"]]);
  });

  it("reads entries published by hand as published and unchanged, and a hand-made draft as a change", async () => {
    const dir = await freshDir();
    await mkdir(path.join(dir, "entries"), { recursive: true });
    await mkdir(path.join(dir, "drafts"), { recursive: true });
    const file = (title: string) => ({
      sys: { id: "hero-oud", contentType: { sys: { id: "hero" } } },
      fields: { title },
    });
    await writeFile(path.join(dir, "entries", "hero-oud.json"), JSON.stringify(file("Oud")));
    const store = createLocalStore({ dir });
    expect(await store.getEntry("hero-oud")).toMatchObject({
      version: 2,
      publishedVersion: 1,
      fields: { title: "Oud" },
    });

    await writeFile(path.join(dir, "drafts", "hero-oud.json"), JSON.stringify(file("Nieuw")));
    expect(await store.getEntry("hero-oud")).toMatchObject({
      version: 3,
      publishedVersion: 1,
      fields: { title: "Nieuw" },
      publishedFields: { title: "Oud" },
    });
  });

  it("leaves no temporary files behind and refuses ids that would leave the folder", async () => {
    const dir = await freshDir();
    const store = createLocalStore({ dir });
    await store.createEntry({ id: "hero-a", contentType: "hero", fields: { title: "A" } });
    await store.updateEntry("hero-a", { title: "B" }, 1);
    expect(await readdir(path.join(dir, "drafts"))).toEqual(["hero-a.json"]);
    await expect(store.createEntry({ id: "../evil", contentType: "hero", fields: {} })).rejects.toThrow();
    expect(await store.getEntry("../evil")).toBeUndefined();
  });

  it("serialises concurrent saves: one wins, the other gets a version conflict", async () => {
    const store = createLocalStore({ dir: await freshDir() });
    await store.createEntry({ id: "hero-race", contentType: "hero", fields: { title: "0" } });
    const results = await Promise.allSettled([
      store.updateEntry("hero-race", { title: "A" }, 1),
      store.updateEntry("hero-race", { title: "B" }, 1),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await store.getEntry("hero-race"))?.version).toBe(2);
  });
});
