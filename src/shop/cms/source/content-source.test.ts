import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DeliveryApiServer, startDeliveryApiServer } from "@/tests/support/delivery-api-server";
import { loadContentFiles, normaliseAssetUrl, resolveLinks } from "./content-files.server";
import { createContentfulSource } from "./contentful-source.server";
import { parseHost } from "./create-source.server";
import { createLocalSource } from "./local-source.server";
import type { ContentEntry, ContentSource } from "./types";

const fixtureDir = fileURLToPath(new URL("./__fixtures__/content", import.meta.url));
const SPACE = "test-space";
const DELIVERY_TOKEN = "delivery-token";
const PREVIEW_TOKEN = "preview-token";
const published = { preview: false };
const preview = { preview: true };

let server: DeliveryApiServer;
let localSource: ContentSource;
let contentfulSource: ContentSource;

beforeAll(async () => {
  server = await startDeliveryApiServer({
    dir: fixtureDir,
    spaceId: SPACE,
    deliveryToken: DELIVERY_TOKEN,
    previewToken: PREVIEW_TOKEN,
  });
  localSource = createLocalSource({ dir: fixtureDir });
  contentfulSource = createContentfulSource({
    spaceId: SPACE,
    deliveryToken: DELIVERY_TOKEN,
    previewToken: PREVIEW_TOKEN,
    host: server.host,
    insecure: true,
  });
});

afterAll(async () => {
  await server?.close();
});

const link = (linkType: "Entry" | "Asset", id: string) => ({ sys: { type: "Link", linkType, id } });

/** A nested value of a resolved entry, for short assertions. */
function at(value: unknown, ...keys: Array<string | number>): unknown {
  let current = value;
  for (const key of keys) current = (current as Record<string | number, unknown> | undefined)?.[key];
  return current;
}

describe.each([
  { name: "local source", source: () => localSource },
  { name: "contentful source (SDK against the local Delivery API server)", source: () => contentfulSource },
])("$name", ({ source }) => {
  it("finds a page by path and resolves its links", async () => {
    const home = await source().getPageEntry("/", published);
    expect(home?.sys).toMatchObject({ id: "page-home", type: "Entry", contentType: { sys: { id: "page" } } });
    expect(home?.fields.title).toBe("Home");
    expect(at(home, "fields", "blocks", 0, "sys", "id")).toBe("hero-home");
    expect(at(home, "fields", "blocks", 0, "fields", "heading")).toBe("Win de Kroonprijs");
    // Two levels down: page -> cta -> page-loten.
    expect(at(home, "fields", "blocks", 1, "fields", "target", "fields", "title")).toBe("Loten");
  });

  it("keeps a link to a missing entry as a Link", async () => {
    const home = await source().getPageEntry("/", published);
    expect(at(home, "fields", "blocks", 2)).toEqual(link("Entry", "missing-entry"));
  });

  it("answers undefined for an unknown path or id", async () => {
    expect(await source().getPageEntry("/bestaat-niet", published)).toBeUndefined();
    expect(await source().getEntry("missing-entry", published)).toBeUndefined();
  });

  it("lists the published pages, sorted by id, without drafts", async () => {
    const pages = await source().listPageEntries(published);
    expect(pages.map((page) => page.sys.id)).toEqual([
      "page-cycle",
      "page-home",
      "page-loten",
      "page-winnen",
    ]);
    expect(pages.find((page) => page.sys.id === "page-winnen")?.fields.title).toBe("Winnen");
  });

  it("shows drafts only in preview", async () => {
    expect(await source().getPageEntry("/nieuw", published)).toBeUndefined();
    expect((await source().getPageEntry("/nieuw", preview))?.sys.id).toBe("page-nieuw");

    const draft = await source().getPageEntry("/winnen", preview);
    expect(draft?.fields.title).toBe("Winnen (concept)");
    expect(draft?.sys.revision).toBe(2);
    // The draft links to a draft-only entry, which only preview can resolve.
    expect(at(draft, "fields", "blocks", 0, "fields", "title")).toBe("Nieuw");

    const pages = await source().listPageEntries(preview);
    expect(pages.map((page) => page.sys.id)).toEqual([
      "page-cycle",
      "page-home",
      "page-loten",
      "page-nieuw",
      "page-winnen",
    ]);
  });

  it("returns the entries of one content type", async () => {
    const [navigation, ...rest] = await source().getEntriesOfType("navigation", published);
    expect(rest).toEqual([]);
    expect(navigation?.sys.id).toBe("navigation-main");
    expect(at(navigation, "fields", "items", 1, "fields", "path")).toBe("/winnen");
    expect(await source().getEntriesOfType("redirect", published)).toEqual([]);
  });

  it("resolves links inside rich text", async () => {
    const loten = await source().getPageEntry("/loten", published);
    const [paragraph, embeddedEntry, embeddedAsset] = at(loten, "fields", "body", "content") as unknown[];
    const hyperlink = at(paragraph, "content", 1);
    expect(at(hyperlink, "nodeType")).toBe("entry-hyperlink");
    expect(at(hyperlink, "data", "target", "fields", "title")).toBe("Home");
    expect(at(embeddedEntry, "data", "target", "fields", "heading")).toBe("Win de Kroonprijs");
    expect(at(embeddedAsset, "data", "target", "fields", "file", "url")).toBe("/cms-assets/logo.svg");
    // page-loten -> (hyperlink) home -> cta -> back to page-loten: a cycle, so a Link.
    expect(at(hyperlink, "data", "target", "fields", "blocks", 1, "fields", "target")).toEqual(
      link("Entry", "page-loten"),
    );
  });

  it("keeps a link back along the path (a cycle) as a Link", async () => {
    const page = await source().getPageEntry("/cyclus", published);
    const teaserA = at(page, "fields", "blocks", 0);
    expect(at(teaserA, "fields", "title")).toBe("A");
    expect(at(teaserA, "fields", "next", "fields", "title")).toBe("B");
    expect(at(teaserA, "fields", "next", "fields", "next")).toEqual(link("Entry", "teaser-a"));
    expect(() => JSON.stringify(page)).not.toThrow();

    const teaserB = await source().getEntry("teaser-b", published);
    expect(at(teaserB, "fields", "next", "fields", "next")).toEqual(link("Entry", "teaser-b"));
  });

  it("gives assets a local or https URL and keeps their metadata", async () => {
    const hero = await source().getEntry("hero-home", published);
    expect(at(hero, "fields", "image")).toEqual({
      sys: { id: "logo", type: "Asset", updatedAt: "2025-01-10T09:00:00.000Z", revision: 1 },
      fields: {
        title: "Kroonloterij logo",
        description: "Een gouden kroon",
        file: {
          url: "/cms-assets/logo.svg",
          fileName: "logo.svg",
          contentType: "image/svg+xml",
          details: { image: { width: 64, height: 64 } },
        },
      },
    });
  });

  it("answers ping", async () => {
    await expect(source().ping()).resolves.toBeUndefined();
  });
});

describe("both sources", () => {
  it.each([
    ["published", published],
    ["preview", preview],
  ])("return deep-equal results for every page (%s)", async (_label, options) => {
    const localPages = await localSource.listPageEntries(options);
    expect(await contentfulSource.listPageEntries(options)).toEqual(localPages);
    for (const page of localPages) {
      const pagePath = String(page.fields.path);
      const fromContentful = await contentfulSource.getPageEntry(pagePath, options);
      expect(fromContentful).toEqual(await localSource.getPageEntry(pagePath, options));
      // Equal including key order and absent keys, as JSON (the cache stores JSON).
      expect(JSON.stringify(fromContentful)).toBe(JSON.stringify(page));
    }
  });
});

describe("contentful source errors", () => {
  it("rejects with the API's error for a wrong token", async () => {
    const source = createContentfulSource({
      spaceId: SPACE,
      deliveryToken: "wrong-token",
      host: server.host,
      insecure: true,
    });
    await expect(source.getPageEntry("/", published)).rejects.toThrow(/AccessTokenInvalid|401/);
    await expect(source.ping()).rejects.toThrow();
    // No preview token configured: preview reads fail instead of silently showing published content.
    await expect(source.listPageEntries(preview)).rejects.toThrow(/preview token/);
  });

  it("refuses a host the SDK would silently replace with cdn.contentful.com", () => {
    expect(() =>
      createContentfulSource({ spaceId: SPACE, deliveryToken: DELIVERY_TOKEN, host: "http://127.0.0.1:1" }),
    ).toThrow(/host/);
    expect(parseHost("http://127.0.0.1:4010")).toEqual({ host: "127.0.0.1:4010", insecure: true });
    expect(parseHost("cdn.eu.contentful.com")).toEqual({ host: "cdn.eu.contentful.com", insecure: false });
  });
});

describe("local Delivery API server", () => {
  const get = (pathname: string, token = DELIVERY_TOKEN) =>
    fetch(`${server.url}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  const base = `/spaces/${SPACE}/environments/master`;

  it("answers a wrong token with a Contentful-style 401", async () => {
    const response = await get(`${base}/entries`, "nope");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ sys: { type: "Error", id: "AccessTokenInvalid" } });
  });

  it("sends items with links and the linked entities in includes, up to include levels", async () => {
    const response = await get(`${base}/entries?content_type=page&fields.path=/&include=1`);
    const body = await response.json();
    expect(body).toMatchObject({ sys: { type: "Array" }, total: 1, skip: 0, limit: 100 });
    expect(body.items[0].sys).toMatchObject({
      id: "page-home",
      space: { sys: { type: "Link", linkType: "Space", id: SPACE } },
      environment: { sys: { type: "Link", linkType: "Environment", id: "master" } },
      contentType: { sys: { type: "Link", linkType: "ContentType", id: "page" } },
      revision: 1,
      locale: "nl-NL",
    });
    expect(body.items[0].fields.blocks[0]).toEqual(link("Entry", "hero-home"));
    const included = (type: "Entry" | "Asset") =>
      body.includes[type].map((item: ContentEntry) => item.sys.id);
    expect(included("Entry").sort()).toEqual(["cta-tickets", "hero-home"]);
    expect(included("Asset")).toEqual([]);
    expect(body.errors).toEqual([
      {
        sys: { id: "notResolvable", type: "error" },
        details: { type: "Link", linkType: "Entry", id: "missing-entry" },
      },
    ]);

    const deeper = await (await get(`${base}/entries?content_type=page&fields.path=/&include=2`)).json();
    expect(deeper.includes.Asset.map((item: ContentEntry) => item.sys.id)).toEqual(["logo"]);
    expect(deeper.includes.Asset[0].fields.file.url).toBe(`//${server.host}/cms-assets/logo.svg`);
  });

  it("serves the asset files", async () => {
    const response = await fetch(`${server.url}/cms-assets/logo.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(await response.text()).toContain("<svg");
    expect((await fetch(`${server.url}/cms-assets/..%2Fentries%2Fpage-home.json`)).status).toBe(404);
  });

  it("refuses field filters without a content type and unknown spaces", async () => {
    expect((await get(`${base}/entries?fields.path=/`)).status).toBe(400);
    expect((await get(`${base}/entries?content_type=page&fields.title[match]=Home`)).status).toBe(400);
    expect((await get(`/spaces/other/environments/master/entries`)).status).toBe(404);
  });
});

describe("content files", () => {
  it("reports a malformed file as a problem instead of throwing", async () => {
    const files = await loadContentFiles(fixtureDir);
    expect(files.problems).toEqual([
      { file: "entries/broken.json", message: expect.stringContaining("sys.contentType") },
    ]);
    expect(files.entries.has("broken")).toBe(false);
    expect(files.entries.size).toBe(9);
  });

  it("resolveLinks stops at the depth limit", () => {
    const entry = (id: string, next?: string): ContentEntry => ({
      sys: { id, type: "Entry", contentType: { sys: { id: "chain" } } },
      fields: next ? { next: link("Entry", next) } : {},
    });
    const chain = new Map(["a", "b", "c"].map((id, index, ids) => [id, entry(id, ids[index + 1])]));
    const resolved = resolveLinks(chain.get("a")!, (target) => chain.get(target.id), 1);
    expect(at(resolved, "fields", "next", "sys", "id")).toBe("b");
    expect(at(resolved, "fields", "next", "fields", "next")).toEqual(link("Entry", "c"));
  });

  it("normalises asset URLs", () => {
    expect(normaliseAssetUrl("//images.ctfassets.net/s/a/h/x.png")).toBe(
      "https://images.ctfassets.net/s/a/h/x.png",
    );
    expect(normaliseAssetUrl("http://images.ctfassets.net/x.png")).toBe("https://images.ctfassets.net/x.png");
    expect(normaliseAssetUrl("//127.0.0.1:4010/cms-assets/x.png")).toBe("/cms-assets/x.png");
    expect(normaliseAssetUrl("/cms-assets/x.png")).toBe("/cms-assets/x.png");
  });
});

describe("local source on a copy of the fixtures", () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "content-source-"));
    await cp(fixtureDir, dir, { recursive: true });
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("reports a file that is not JSON through onProblems and keeps the rest", async () => {
    await writeFile(path.join(dir, "drafts", "half-written.json"), '{ "sys": ');
    const onProblems = vi.fn();
    const source = createLocalSource({ dir, onProblems });
    expect((await source.getPageEntry("/", published))?.sys.id).toBe("page-home");
    const [problems] = onProblems.mock.calls[0] ?? [];
    expect(problems).toContainEqual({ file: "drafts/half-written.json", message: expect.any(String) });
    await rm(path.join(dir, "drafts", "half-written.json"));
  });

  it("calls the watch listener with the changed ids and serves the new content", async () => {
    const source = createLocalSource({ dir });
    expect((await source.getPageEntry("/", published))?.fields.title).toBe("Home");
    const listener = vi.fn();
    const stop = source.watch!(listener);
    try {
      const file = path.join(dir, "entries", "page-home.json");
      const entry = JSON.parse(await readFile(file, "utf8"));
      entry.fields.title = "Home (bijgewerkt)";
      await writeFile(file, JSON.stringify(entry));
      await vi.waitFor(() => expect(listener).toHaveBeenCalledWith(["page-home"]), { timeout: 2_000 });
      expect((await source.getPageEntry("/", published))?.fields.title).toBe("Home (bijgewerkt)");
    } finally {
      stop();
    }
  });
});
