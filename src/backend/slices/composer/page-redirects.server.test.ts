import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startManagementApiServer } from "@/tests/support/management-api-server";
import { redirectsAfterPublish } from "./page-redirects.server";
import type { EditorialContentStore } from "./stores/content-store";
import { createContentfulStore } from "./stores/contentful-store.server";
import { createLocalStore } from "./stores/local-store.server";

/**
 * The redirects a moved page leaves (issue 44), through the store interface: the same moves on the local
 * files and on a Contentful space (the real SDK against a local Content Management API server).
 */
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const stores: Array<[string, () => Promise<EditorialContentStore>]> = [
  [
    "the local files",
    async () => createLocalStore({ dir: await mkdtemp(path.join(tmpdir(), "kl-redirects-")) }),
  ],
  [
    "Contentful",
    async () => {
      const server = await startManagementApiServer({ spaceId: "kroon", managementToken: "cma" });
      closers.push(() => server.close());
      return createContentfulStore({
        spaceId: "kroon",
        environment: "master",
        managementToken: "cma",
        host: `http://${server.host}`,
        uploadHost: `http://${server.uploadHost}`,
        processingCheckWaitMs: 10,
      });
    },
  ],
];

/** What players see: the published redirects, from → to (permanent ones marked). */
async function live(store: EditorialContentStore): Promise<Record<string, string>> {
  const entries = await store.listEntries({ contentType: "redirect" });
  return Object.fromEntries(
    entries.flatMap((entry) => {
      const fields = entry.publishedFields;
      if (!fields || entry.publishedVersion === undefined) return [];
      return [[String(fields.from), `${String(fields.to)}${fields.permanent ? " (301)" : ""}`]];
    }),
  );
}

describe.each(stores)("a moved page's redirects on %s", (_name, makeStore) => {
  it("leaves one from the old path, collapses chains, and never shadows the page", async () => {
    const store = await makeStore();
    expect(await redirectsAfterPublish(store, { from: "/a", to: "/b" })).toEqual([
      "doorverwijzing aangemaakt van /a naar /b",
    ]);
    expect(await live(store)).toEqual({ "/a": "/b (301)" });

    await redirectsAfterPublish(store, { from: "/b", to: "/c" });
    expect(await live(store)).toEqual({ "/a": "/c (301)", "/b": "/c (301)" });

    // Back to /a: the redirect from /a would shadow the page, so it goes offline.
    const notes = await redirectsAfterPublish(store, { from: "/c", to: "/a" });
    expect(notes).toContain("doorverwijzing van /a offline gehaald: de pagina staat nu zelf op dit pad");
    expect(await live(store)).toEqual({ "/b": "/a (301)", "/c": "/a (301)" });

    // Away from /a again: the redirect from /a is used again, not made twice.
    const count = (await store.listEntries({ contentType: "redirect" })).length;
    await redirectsAfterPublish(store, { from: "/a", to: "/d" });
    expect((await store.listEntries({ contentType: "redirect" })).length).toBe(count);
    expect(await live(store)).toEqual({ "/a": "/d (301)", "/b": "/d (301)", "/c": "/d (301)" });
  });

  it("updates a temporary redirect an editor made from the old path, and does nothing without a move", async () => {
    const store = await makeStore();
    const own = await store.createEntry({
      id: "redirect-actie",
      contentType: "redirect",
      fields: { from: "/actie", to: "/elders", permanent: false },
    });
    await store.publishEntry(own.id, own.version);
    expect(await redirectsAfterPublish(store, { from: "/winter", to: "/winter" })).toEqual([]);
    expect(await redirectsAfterPublish(store, { from: undefined, to: "/nieuw" })).toEqual([]);
    await redirectsAfterPublish(store, { from: "/actie", to: "/zomer" });
    expect(await live(store)).toEqual({ "/actie": "/zomer (301)" });
    expect((await store.listEntries({ contentType: "redirect" })).map((entry) => entry.id)).toEqual([
      "redirect-actie",
    ]);
  });
});
