import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EDITORS } from "@/src/backend/slices/composer/seed-editors.server";
import { COMPOSER_TOKEN_HEADER, type ComposerPage } from "@/src/contract/composer";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * Issue 44 on the built shop: a published page that moves answers at its old path with a permanent
 * redirect to the new one within seconds (the shop reads its files again and drops its cached redirects);
 * the path check and a version's changes answer an editor, and nobody else. The shop has a content folder
 * of its own.
 */
let shop: TestShop;
let contentDir: string;
const chief = DEMO_EDITORS.find((editor) => editor.role === "eindredacteur")!;
let session: { cookie: string; token: string };

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(os.tmpdir(), "kl-composer-pages-http-"));
  cpSync(path.resolve("content"), contentDir, { recursive: true });
  shop = await startTestShop({ env: { CONTENT_DIR: contentDir } });
  const response = await fetch(`${shop.url}/redactie/api/sessie`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: chief.email, password: chief.password }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string };
  session = { cookie: (response.headers.get("set-cookie") ?? "").split(";")[0]!, token: body.token };
});
afterAll(async () => {
  await shop?.shutdown();
  rmSync(contentDir, { recursive: true, force: true });
});

async function api(method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${shop.url}/redactie/api${pathname}`, {
    method,
    headers: {
      cookie: session.cookie,
      [COMPOSER_TOKEN_HEADER]: session.token,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const get = (pathname: string) => fetch(`${shop.url}${pathname}`, { redirect: "manual" });

describe("a published page that moves", () => {
  it("leaves its old path redirecting permanently to the new one, within seconds", async () => {
    // The shop has read (and cached) its redirects before the move.
    expect((await get("/over-ons")).status).toBe(200);
    const page = (await api("GET", "/paginas/page-over-ons")).body as unknown as ComposerPage;
    const document = { ...page.document, settings: { ...page.document.settings, path: "/wie-wij-zijn" } };
    const saved = await api("PUT", "/paginas/page-over-ons", { version: page.version, document });
    expect(saved.status).toBe(200);
    const published = await api("POST", "/paginas/page-over-ons/publiceren", { version: saved.body.version });
    expect(published.status).toBe(200);

    // The shop sees the publish when its file watcher has read the content again (a few hundred ms).
    await expect
      .poll(async () => (await get("/over-ons")).status, { timeout: 5_000, interval: 100 })
      .toBe(301);
    const old = await get("/over-ons");
    expect(new URL(old.headers.get("location") ?? "", shop.url).pathname).toBe("/wie-wij-zijn");
    expect((await get("/wie-wij-zijn")).status).toBe(200);

    const history = await api("GET", "/paginas/page-over-ons/geschiedenis");
    const actions = (history.body.events as Array<{ action: string }>).map((event) => event.action);
    expect(actions).toContain("doorverwijzing aangemaakt van /over-ons naar /wie-wij-zijn");
  });

  it("shows what the publish changed in the version history", async () => {
    const history = await api("GET", "/paginas/page-over-ons/geschiedenis");
    const events = history.body.events as Array<{ id: number; action: string; hasSnapshot: boolean }>;
    const saved = events.find((event) => event.action === "opgeslagen")!;
    const diff = await api("GET", `/paginas/page-over-ons/geschiedenis/${saved.id}/verschil`);
    expect(diff.status).toBe(200);
    // The first save of the page in the composer has nothing before it to compare with.
    expect(diff.body).toEqual({ against: "vorige", firstVersion: true, changes: [] });
    const published = events.find((event) => event.action === "gepubliceerd")!;
    const since = await api("GET", `/paginas/page-over-ons/geschiedenis/${published.id}/verschil`);
    expect(since.body.changes).toEqual([]);
    const bad = await api("GET", "/paginas/page-over-ons/geschiedenis/abc/verschil");
    expect(bad.status).toBe(400);
  });
});

describe("the live path check", () => {
  it("answers an editor whether a path is free, in Dutch", async () => {
    const taken = await api("GET", `/paden?pad=${encodeURIComponent("/over-ons")}&pagina=page-cookies`);
    expect(taken.body).toEqual({
      path: "/over-ons",
      free: false,
      messages: ["Op /over-ons staat al een doorverwijzing naar /wie-wij-zijn. Kies een ander pad."],
    });
    const route = await api("GET", `/paden?pad=${encodeURIComponent("/winkelmandje")}`);
    expect(route.body.messages).toEqual([
      "Het pad /winkelmandje is een vaste pagina van de webshop. Kies een ander pad.",
    ]);
    const free = await api("GET", `/paden?pad=${encodeURIComponent("/herfst-2027")}&pagina=page-cookies`);
    expect(free.body.free).toBe(true);
    expect((await api("GET", "/paden")).status).toBe(400);
  });

  it("answers nobody else", async () => {
    expect((await fetch(`${shop.url}/redactie/api/paden?pad=/x`)).status).toBe(401);
  });
});
