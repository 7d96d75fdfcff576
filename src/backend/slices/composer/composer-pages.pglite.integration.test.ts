import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/src/backend/db/database.server";
import { editors } from "@/src/backend/db/schema";
import type { PageDocument } from "@/src/contract/composer";
import { composerCatalog } from "@/src/server/composer.server";
import { PageInvalidError } from "./composer-errors";
import { createComposerService } from "./composer-service.server";
import type { EditorRef } from "./page-events.server";
import { pageEvents } from "./page-events.server";
import { seedEditorsIfNone } from "./seed-editors.server";
import { createLocalStore } from "./stores/local-store.server";

/**
 * Issue 44's pages on a real database and a copy of the content files, through the service: a moved page
 * leaves a redirect (chains collapsed, a redirect back to the page taken offline), a path is checked
 * against pages, redirects and the shop's routes, a unique field is refused twice, and a version's
 * changes read as an editor says them.
 */
let database: Database;
let contentDir: string;
let service: ReturnType<typeof createComposerService>;
let store: ReturnType<typeof createLocalStore>;
const changed: string[][] = [];
let chief: EditorRef;
const suffix = Date.now().toString(36);
const paths = { a: `/route-a-${suffix}`, b: `/route-b-${suffix}`, c: `/route-c-${suffix}` };

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await seedEditorsIfNone(database.db);
  const [row] = await database.db.select().from(editors).where(eq(editors.role, "eindredacteur")).limit(1);
  chief = { id: row!.id, name: row!.name, role: "eindredacteur" };
  contentDir = mkdtempSync(path.join(os.tmpdir(), "kl-composer-pages-"));
  cpSync(path.resolve("content"), contentDir, { recursive: true });
  store = createLocalStore({ dir: contentDir, onPublished: (_ids, types) => changed.push(types) });
  service = createComposerService({
    store,
    events: pageEvents(database.db),
    catalog: composerCatalog(),
    previewUrl: (pagePath) => `/voorbeeldweergave?path=${pagePath}`,
    // The composition root gives the shop's (src/shop/app/shop-route-paths.ts); the backend may not import it.
    shopRoutes: ["loten", "winkelmandje", "mijn/saldo", "winactie/:pageId"],
  });
});
afterAll(async () => {
  await database?.close();
  rmSync(contentDir, { recursive: true, force: true });
});

const doc = (pagePath: string, title = "Route"): PageDocument => ({
  settings: { title, path: pagePath, middleware: [], prerender: false },
  blocks: [{ id: `hero-route-${suffix}`, type: "hero", fields: { title: "Onderweg", text: "Speel mee" } }],
});

/** The published redirects of the store, from → to. */
async function liveRedirects(): Promise<Record<string, string>> {
  const entries = await store.listEntries({ contentType: "redirect" });
  return Object.fromEntries(
    entries.flatMap((entry) =>
      entry.publishedFields ? [[String(entry.publishedFields.from), String(entry.publishedFields.to)]] : [],
    ),
  );
}

async function moveAndPublish(pageId: string, to: string) {
  const page = await service.getPage(pageId);
  const saved = await service.savePage(pageId, page.version, doc(to), chief);
  return service.publishPage(pageId, saved.version, chief);
}

async function invalid(run: () => Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PageInvalidError);
  return (error as PageInvalidError).errors;
}

describe("a page that moves", () => {
  let pageId: string;

  it("leaves a permanent redirect from its old path, published, and says so in its history", async () => {
    const created = await service.createPage(doc(paths.a), chief);
    pageId = created.id;
    await service.publishPage(pageId, created.version, chief);
    expect(await liveRedirects()).not.toHaveProperty(paths.a);
    changed.length = 0;
    const moved = await moveAndPublish(pageId, paths.b);
    expect(moved.path).toBe(paths.b);
    expect((await liveRedirects())[paths.a]).toBe(paths.b);
    const redirect = (await store.listEntries({ contentType: "redirect" })).find(
      (entry) => entry.fields.from === paths.a,
    );
    expect(redirect?.publishedFields).toEqual({ from: paths.a, to: paths.b, permanent: true });
    // The shop is told a redirect changed, so it reads its redirects again at once.
    expect(changed.flat()).toContain("redirect");
    const actions = (await service.history(pageId)).map((event) => event.action);
    expect(actions[0]).toBe(`doorverwijzing aangemaakt van ${paths.a} naar ${paths.b}`);
  });

  it("points older redirects at the new path: A→B then B→C leaves A→C and B→C", async () => {
    await moveAndPublish(pageId, paths.c);
    const live = await liveRedirects();
    expect(live[paths.a]).toBe(paths.c);
    expect(live[paths.b]).toBe(paths.c);
    const actions = (await service.history(pageId)).map((event) => event.action);
    expect(actions).toContain(`doorverwijzing van ${paths.a} wijst nu naar ${paths.c}`);
  });

  it("may move back to a path it left: that redirect goes offline instead of shadowing the page", async () => {
    await moveAndPublish(pageId, paths.a);
    const live = await liveRedirects();
    expect(live).not.toHaveProperty(paths.a);
    expect(live[paths.b]).toBe(paths.a);
    expect(live[paths.c]).toBe(paths.a);
    const actions = (await service.history(pageId)).map((event) => event.action);
    expect(actions).toContain(
      `doorverwijzing van ${paths.a} offline gehaald: de pagina staat nu zelf op dit pad`,
    );
    // And away again: the redirect from A that went offline is used again, not a second one made.
    const before = (await store.listEntries({ contentType: "redirect" })).length;
    await moveAndPublish(pageId, paths.b);
    expect((await store.listEntries({ contentType: "redirect" })).length).toBe(before);
    expect(await liveRedirects()).toMatchObject({ [paths.a]: paths.b, [paths.c]: paths.b });
    expect(await liveRedirects()).not.toHaveProperty(paths.b);
  });

  it("does not publish a redirect when only the content changed", async () => {
    const before = await liveRedirects();
    const page = await service.getPage(pageId);
    const saved = await service.savePage(pageId, page.version, doc(paths.b, "Andere titel"), chief);
    await service.publishPage(pageId, saved.version, chief);
    expect(await liveRedirects()).toEqual(before);
  });

  it("may not take another page's redirect, nor a route of the shop", async () => {
    const other = await service.createPage(doc(`/ander-${suffix}`), chief);
    const taken = await invalid(() => service.savePage(other.id, other.version, doc(paths.a), chief));
    expect(taken["settings.path"]).toEqual([
      `Op ${paths.a} staat al een doorverwijzing naar ${paths.b}. Kies een ander pad.`,
    ]);
    const route = await invalid(() => service.savePage(other.id, other.version, doc("/winkelmandje"), chief));
    expect(route["settings.path"]).toEqual([
      "Het pad /winkelmandje is een vaste pagina van de webshop. Kies een ander pad.",
    ]);
  });
});

describe("the live path check", () => {
  it("says whether a path is free for this page, and why not in Dutch", async () => {
    const home = await service.checkPath("page-some-new", "/");
    expect(home).toMatchObject({
      free: false,
      messages: ["Het pad / is al in gebruik door een andere pagina."],
    });
    expect(await service.checkPath(undefined, `/vrij-${suffix}`)).toEqual({
      path: `/vrij-${suffix}`,
      free: true,
      messages: [],
    });
    expect((await service.checkPath(undefined, "/actie")).messages).toEqual([
      "Op /actie staat al een doorverwijzing naar /oudejaarstrekking. Kies een ander pad.",
    ]);
    expect((await service.checkPath(undefined, "/Actie/")).free).toBe(false);
    const kerst = (await service.listPages()).find((page) => page.path === "/kerstactie");
    expect((await service.checkPath(kerst?.id, "/kerstactie")).free).toBe(true);
  });
});

describe("fields that must be unique", () => {
  it("refuses an action code's page id that another action-code block has, at that field", async () => {
    const withCode = (pageId: string, blockId: string): PageDocument => ({
      settings: { title: "Code", path: `/code-${suffix}-${blockId}`, middleware: [], prerender: false },
      blocks: [{ id: blockId, type: "actionCode", fields: { pageId, title: "Heb je een actiecode?" } }],
    });
    const blockId = `actioncode-dubbel-${suffix}`;
    const errors = await invalid(() => service.createPage(withCode("kerstactie", blockId), chief));
    expect(errors[`blocks.${blockId}.pageId`]).toEqual([
      "Page-id van de actie „kerstactie” is al in gebruik in een ander blok. Kies een andere waarde.",
    ]);
    // A page id of its own is fine, and so is saving that block again.
    const page = await service.createPage(withCode(`eigen-${suffix}`, blockId), chief);
    const again = withCode(`eigen-${suffix}`, blockId);
    again.settings.title = "Code opnieuw";
    await expect(service.savePage(page.id, page.version, again, chief)).resolves.toBeDefined();
  });

  it("refuses a partner offer's page id twice on one page", async () => {
    const offer = (id: string) => ({
      id,
      type: "affiliateTicket",
      fields: {
        pageId: `partner-${suffix}`,
        title: "Welkom",
        partnerName: "Dagblad",
        partnerCode: "DAGBLAD",
        product: "WHOLE",
        priceInCents: 0,
        maxPerPlayer: 1,
        startDate: "2026-01-01T00:00:00Z",
        endDate: "2027-01-01T00:00:00Z",
      },
    });
    const errors = await invalid(() =>
      service.createPage(
        {
          settings: { title: "Partner", path: `/partner-${suffix}`, middleware: [], prerender: false },
          blocks: [offer(`offer-1-${suffix}`), offer(`offer-2-${suffix}`)],
        },
        chief,
      ),
    );
    expect(Object.keys(errors)).toEqual([`blocks.offer-2-${suffix}.pageId`]);
  });
});

describe("a version's changes", () => {
  it("lists what a save changed since the version before it, and against the concept", async () => {
    const first = doc(`/versies-${suffix}`, "Eerste titel");
    const created = await service.createPage(first, chief);
    const second: PageDocument = {
      settings: { ...first.settings, title: "Tweede titel" },
      blocks: [
        { ...first.blocks[0]!, fields: { title: "Nieuwe kop", text: "Speel mee" } },
        { id: `md-versies-${suffix}`, type: "markdownText", fields: { body: "Tekst" } },
      ],
    };
    await service.savePage(created.id, created.version, second, chief);
    const [saved, made] = await service.history(created.id);
    expect((await service.versionChanges(created.id, made!.id, "vorige")).firstVersion).toBe(true);
    const diff = await service.versionChanges(created.id, saved!.id, "vorige");
    expect(diff.changes).toEqual([
      { kind: "setting", field: "Titel", before: "Eerste titel", after: "Tweede titel" },
      {
        kind: "blockField",
        blockId: first.blocks[0]!.id,
        block: "Hero",
        field: "Titel",
        before: "Onderweg",
        after: "Nieuwe kop",
      },
      { kind: "blockAdded", blockId: `md-versies-${suffix}`, block: "Tekst (markdown)" },
    ]);
    const againstConcept = await service.versionChanges(created.id, made!.id, "concept");
    expect(againstConcept.changes).toHaveLength(3);
    expect((await service.versionChanges(created.id, saved!.id, "concept")).changes).toEqual([]);
  });
});
