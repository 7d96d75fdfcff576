import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/src/backend/db/database.server";
import { COMPOSER_TOKEN_HEADER, type ComposerAsset } from "@/src/contract/composer";
import { composerCatalog } from "@/src/server/composer.server";
import { startComposerServer } from "@/tests/support/composer-server";
import { TINY_PNG } from "@/tests/support/editorial-store-behaviour";
import { startManagementApiServer } from "@/tests/support/management-api-server";
import { createComposerService } from "./composer-service.server";
import { pageEvents } from "./page-events.server";
import { DEMO_EDITORS, seedEditorsIfNone } from "./seed-editors.server";
import type { EditorialContentStore } from "./stores/content-store";
import { createContentfulStore } from "./stores/contentful-store.server";
import { createLocalStore } from "./stores/local-store.server";

/**
 * Image uploads through the composer's API (issue 44), on the local files and on a Contentful space (the
 * real SDK against tests/support/management-api-server): only an editor with the session's token uploads;
 * the type is read from the bytes; a refused upload stores nothing and says why per field, in Dutch.
 */
const [redacteur] = DEMO_EDITORS as [(typeof DEMO_EDITORS)[0]];
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

type Setup = { store: EditorialContentStore; contentDir?: string; close: () => Promise<void> };

async function localStore(): Promise<Setup> {
  const contentDir = mkdtempSync(path.join(os.tmpdir(), "kl-composer-assets-"));
  cpSync(path.resolve("content"), contentDir, { recursive: true });
  return {
    store: createLocalStore({ dir: contentDir }),
    contentDir,
    close: async () => rmSync(contentDir, { recursive: true, force: true }),
  };
}

async function contentfulStore(): Promise<Setup> {
  const space = await startManagementApiServer({ spaceId: "kroon", managementToken: "cma" });
  const store = createContentfulStore({
    spaceId: "kroon",
    environment: "master",
    managementToken: "cma",
    host: `http://${space.host}`,
    uploadHost: `http://${space.uploadHost}`,
    processingCheckWaitMs: 10,
  });
  return { store, close: () => space.close() };
}

describe.each([
  ["the local files", localStore],
  ["a Contentful space", contentfulStore],
])("uploading an image on %s", (_name, makeStore) => {
  let database: Database;
  let setup: Setup;
  let server: { url: string; close: () => Promise<void> };
  let session: { cookie: string; token: string };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await seedEditorsIfNone(database.db);
    setup = await makeStore();
    const service = createComposerService({
      store: setup.store,
      events: pageEvents(database.db),
      catalog: composerCatalog(),
      previewUrl: (pagePath) => `/voorbeeldweergave?path=${encodeURIComponent(pagePath)}`,
    });
    server = await startComposerServer(database, service);
    const login = await fetch(`${server.url}/redactie/api/sessie`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: redacteur.email, password: redacteur.password }),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    session = { cookie, token: ((await login.json()) as { token: string }).token };
  });
  afterAll(async () => {
    await server?.close();
    await setup?.close();
    await database?.close();
  });

  const upload = (
    bytes: Uint8Array | string,
    query: Record<string, string>,
    headers: Record<string, string> = { cookie: session.cookie, [COMPOSER_TOKEN_HEADER]: session.token },
  ) =>
    fetch(`${server.url}/redactie/api/afbeeldingen?${new URLSearchParams(query)}`, {
      method: "POST",
      // What the browser says the file is does not count: the bytes do.
      headers: { "content-type": "image/png", ...headers },
      body: typeof bytes === "string" ? bytes : Buffer.from(bytes),
    });
  const assetIds = async () => (await setup.store.listAssets()).map((asset) => asset.id).sort();

  it("answers 401 without an editor's session and 403 without the session's token", async () => {
    const before = await assetIds();
    expect((await upload(TINY_PNG, { alt: "Lot" }, {})).status).toBe(401);
    const withoutToken = await upload(TINY_PNG, { alt: "Lot" }, { cookie: session.cookie });
    expect(withoutToken.status).toBe(403);
    expect(await assetIds()).toEqual(before);
  });

  it("stores a PNG as an asset with its alternative text, under an id of its own, and lists it", async () => {
    const response = await upload(TINY_PNG, {
      alt: "  Een rood lot  ",
      bestandsnaam: "../../content/entries/Zomer Lot.png",
    });
    expect(response.status).toBe(201);
    const asset = (await response.json()) as ComposerAsset;
    expect(asset).toMatchObject({ title: "Zomer Lot", alt: "Een rood lot", width: 2, height: 1 });
    expect(asset.id).toMatch(/^asset-zomer-lot-[0-9a-f]{8}$/);
    const catalog = (await (
      await fetch(`${server.url}/redactie/api/catalogus`, { headers: { cookie: session.cookie } })
    ).json()) as { assets: ComposerAsset[] };
    expect(catalog.assets).toContainEqual(asset);
    if (setup.contentDir) {
      expect(asset.url).toBe(`/cms-assets/${asset.id}.png`);
      const stored = path.join(setup.contentDir, "assets", "files", `${asset.id}.png`);
      expect(new Uint8Array(readFileSync(stored))).toEqual(TINY_PNG);
      const meta = JSON.parse(
        readFileSync(path.join(setup.contentDir, "assets", `${asset.id}.json`), "utf8"),
      );
      expect(meta.fields).toMatchObject({
        title: "Zomer Lot",
        description: "Een rood lot",
        file: { contentType: "image/png", details: { image: { width: 2, height: 1 } } },
      });
    } else {
      const served = await fetch(asset.url.replace(/^https:/, "http:"));
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG);
    }
  });

  it("refuses SVG, a truncated image and a missing alternative text in Dutch, storing nothing", async () => {
    const before = await assetIds();
    const svg = await upload(SVG, { alt: "Logo", bestandsnaam: "logo.png" });
    expect(svg.status).toBe(422);
    expect(svg.headers.get("content-type")).toContain("application/problem+json");
    expect((await svg.json()).errors).toEqual({
      file: [
        "SVG-bestanden worden niet geaccepteerd, omdat ze scripts kunnen bevatten. Kies een JPEG, PNG, GIF of WebP.",
      ],
    });
    const truncated = await upload(TINY_PNG.subarray(0, 40), { alt: "Half" });
    expect((await truncated.json()).errors.file[0]).toMatch(/onvolledig/);
    const withoutAlt = await upload(TINY_PNG, { alt: " " });
    expect(withoutAlt.status).toBe(422);
    expect(await withoutAlt.json()).toMatchObject({
      detail: "De afbeelding is niet opgeslagen: los eerst de fouten op.",
      errors: { alt: ["Vul een alternatieve tekst in: beschrijf wat er op de afbeelding te zien is."] },
    });
    expect(await assetIds()).toEqual(before);
  });

  it("refuses to save a page whose image has no alternative text, saying so at the image field", async () => {
    const bare = await setup.store.createAsset({
      id: `asset-zonder-alt-${Date.now().toString(36)}`,
      title: "Zonder alt",
      description: "",
      fileName: "zonder-alt.png",
      contentType: "image/png",
      bytes: TINY_PNG,
      width: 2,
      height: 1,
    });
    const blockId = `image-zonder-alt-${Date.now().toString(36)}`;
    const document = {
      settings: {
        title: "Beeld",
        path: `/beeld-${Date.now().toString(36)}`,
        middleware: [],
        prerender: false,
      },
      blocks: [
        {
          id: blockId,
          type: "image",
          fields: { image: { sys: { type: "Link", linkType: "Asset", id: bare.id } } },
        },
      ],
    };
    const response = await fetch(`${server.url}/redactie/api/paginas`, {
      method: "POST",
      headers: {
        cookie: session.cookie,
        [COMPOSER_TOKEN_HEADER]: session.token,
        "content-type": "application/json",
      },
      body: JSON.stringify({ document }),
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors[`blocks.${blockId}.image`]).toEqual([
      "De afbeelding Zonder alt heeft geen alternatieve tekst. Kies een andere afbeelding of upload hem opnieuw met een alternatieve tekst.",
    ]);
  });

  it("refuses a file over 5 MB with 413, and a repeated query field with 400", async () => {
    const before = await assetIds();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(TINY_PNG);
    const tooBig = await upload(big, { alt: "Groot" });
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).errors).toEqual({ file: ["Het bestand is te groot: maximaal 5 MB."] });
    const repeated = await fetch(`${server.url}/redactie/api/afbeeldingen?alt=a&alt=b`, {
      method: "POST",
      headers: { cookie: session.cookie, [COMPOSER_TOKEN_HEADER]: session.token },
      body: Buffer.from(TINY_PNG),
    });
    expect(repeated.status).toBe(400);
    expect(await assetIds()).toEqual(before);
    if (setup.contentDir) {
      // No file of a refused upload, nor a half-written one, in the assets' folder.
      const files = readdirSync(path.join(setup.contentDir, "assets", "files"));
      expect(files.filter((file) => file.startsWith("."))).toEqual([]);
      expect(existsSync(path.join(setup.contentDir, "entries", "Zomer Lot.png"))).toBe(false);
    }
  });
});
