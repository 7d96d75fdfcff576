import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "@/src/config/env.server";
import { describeEditorialStore, TINY_PNG } from "@/tests/support/editorial-store-behaviour";
import { type ManagementApiServer, startManagementApiServer } from "@/tests/support/management-api-server";
import type { EditorialContentStore } from "./content-store";
import { contentfulStoreFromConfig, createContentfulStore, managementHost } from "./contentful-store.server";

/**
 * The composer's Contentful store (decision 27): the real `contentful-management` SDK making real HTTP
 * calls to a local server that speaks the Content Management API (tests/support/management-api-server).
 */
const SPACE = "kroon";
const TOKEN = "cma-token";

function storeFor(server: ManagementApiServer, overrides: { managementToken?: string } = {}) {
  return createContentfulStore({
    spaceId: SPACE,
    environment: "master",
    managementToken: overrides.managementToken ?? TOKEN,
    host: `http://${server.host}`,
    uploadHost: `http://${server.uploadHost}`,
    processingCheckWaitMs: 10,
  });
}

describeEditorialStore("the Contentful store", async () => {
  const server = await startManagementApiServer({ spaceId: SPACE, managementToken: TOKEN });
  return { store: storeFor(server), close: () => server.close() };
});

describe("the Contentful store writes what a Contentful space holds", () => {
  let server: ManagementApiServer;
  let store: EditorialContentStore;
  beforeEach(async () => {
    server = await startManagementApiServer({ spaceId: SPACE, managementToken: TOKEN });
    store = storeFor(server);
  });
  afterEach(async () => {
    await server.close();
  });

  it("stores the fields per locale, with Contentful's bookkeeping", async () => {
    await store.createEntry({ id: "hero-kerst", contentType: "hero", fields: { title: "Kerstactie" } });
    await store.updateEntry("hero-kerst", { title: "Kerstactie 2026", text: "Doe mee" }, 1);
    await store.publishEntry("hero-kerst", 2);

    const [entry] = server.space().entries;
    expect(entry?.fields).toEqual({ title: { "nl-NL": "Kerstactie 2026" }, text: { "nl-NL": "Doe mee" } });
    expect(entry?.sys).toMatchObject({
      id: "hero-kerst",
      type: "Entry",
      version: 3,
      publishedVersion: 2,
      publishedCounter: 1,
      contentType: { sys: { type: "Link", linkType: "ContentType", id: "hero" } },
      space: { sys: { type: "Link", linkType: "Space", id: SPACE } },
      environment: { sys: { type: "Link", linkType: "Environment", id: "master" } },
    });
    expect(server.space().publishedEntries.map((published) => published.fields.title)).toEqual([
      { "nl-NL": "Kerstactie 2026" },
    ]);
    // Every write named the version it was made against (a PUT without one would have been refused).
    expect(server.requests).toContain(
      `PUT /spaces/${SPACE}/environments/master/entries/hero-kerst/published`,
    );
  });

  it("reads a published entry's live fields from the CMA's published endpoint once the concept changed", async () => {
    await store.createEntry({
      id: "faq-1",
      contentType: "faq",
      fields: { question: "Wanneer is de trekking?" },
    });
    await store.publishEntry("faq-1", 1);
    await store.updateEntry("faq-1", { question: "Wanneer is de volgende trekking?" }, 2);
    const entry = await store.getEntry("faq-1");
    expect(entry?.publishedFields).toEqual({ question: "Wanneer is de trekking?" });
    expect(server.requests.some((request) => request.includes("/public/entries?"))).toBe(true);
  });

  it("uploads on the upload host, then creates, processes and publishes the asset", async () => {
    const asset = await store.createAsset({
      id: "asset-kroon",
      title: "Kroon",
      description: "Een gouden kroon",
      fileName: "kroon.png",
      contentType: "image/png",
      bytes: TINY_PNG,
    });
    const space = server.space();
    expect(space.uploads).toEqual([{ id: expect.any(String), size: TINY_PNG.length }]);
    expect(space.publishedAssets).toHaveLength(1);
    expect(space.assets[0]?.fields.file?.["nl-NL"]).toMatchObject({
      fileName: "kroon.png",
      contentType: "image/png",
      details: { size: TINY_PNG.length, image: { width: 2, height: 1 } },
    });
    // The size comes from Contentful's processing, not from the composer.
    expect(asset).toMatchObject({ width: 2, height: 1 });
    const envPath = `/spaces/${SPACE}/environments/master`;
    expect(server.requests.filter((request) => !request.startsWith("GET"))).toEqual([
      `POST upload:${envPath}/uploads`,
      `PUT ${envPath}/assets/asset-kroon`,
      `PUT ${envPath}/assets/asset-kroon/files/nl-NL/process`,
      `PUT ${envPath}/assets/asset-kroon/published`,
    ]);
    // The file is served where the asset says (plain http on the local server).
    const served = await fetch(asset.url.replace(/^https:/, "http:"));
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG);
  });

  it("waits out Contentful's rate limit instead of failing the editor's save", async () => {
    await store.createEntry({ id: "faq-2", contentType: "faq", fields: { question: "Wat kost een lot?" } });
    server.rateLimitNext(1);
    const saved = await store.updateEntry("faq-2", { question: "Wat kost een heel lot?" }, 1);
    expect(saved).toMatchObject({ version: 2, fields: { question: "Wat kost een heel lot?" } });
    // The refused request was sent again.
    const reads = server.requests.filter(
      (request) => request === `GET /spaces/${SPACE}/environments/master/entries/faq-2`,
    );
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });

  it("is made from the shop's configuration (COMPOSER_STORE=contentful)", async () => {
    const config = parseConfig({
      COMPOSER_STORE: "contentful",
      CONTENTFUL_SPACE_ID: SPACE,
      CONTENTFUL_MANAGEMENT_TOKEN: TOKEN,
      CONTENTFUL_MANAGEMENT_HOST: `http://${server.host}`,
      CONTENTFUL_UPLOAD_HOST: `http://${server.uploadHost}`,
    });
    const configured = contentfulStoreFromConfig(config.content);
    await configured.createEntry({
      id: "hero-config",
      contentType: "hero",
      fields: { title: "Via de configuratie" },
    });
    expect(server.space().entries.map((entry) => entry.fields.title)).toEqual([
      { "nl-NL": "Via de configuratie" },
    ]);
  });

  it("fails with Contentful's refusal when the token is wrong", async () => {
    const wrong = storeFor(server, { managementToken: "wrong" });
    await expect(wrong.listEntries()).rejects.toMatchObject({ name: "AccessTokenInvalid" });
  });
});

describe("managementHost", () => {
  it("reads a host or a URL, with TLS unless it says http or is this machine", () => {
    expect(managementHost("api.eu.contentful.com")).toEqual({
      host: "api.eu.contentful.com",
      insecure: false,
    });
    expect(managementHost("http://127.0.0.1:4810/")).toEqual({ host: "127.0.0.1:4810", insecure: true });
    expect(managementHost("127.0.0.1:4810")).toEqual({ host: "127.0.0.1:4810", insecure: true });
    expect(managementHost("https://cma.example.nl")).toEqual({ host: "cma.example.nl", insecure: false });
  });
});
