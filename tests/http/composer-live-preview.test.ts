import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPOSER_TOKEN_HEADER, type ComposerPage } from "@/src/contract/composer";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * The composer's preview follows what the editor types (issue 44), on the built shop: the concept as typed,
 * unsaved, is rendered by the shop's own blocks under an address of its own, in preview mode only; nothing
 * of it is saved, and a visitor without the preview cookie sees the published page.
 */
let shop: TestShop;
let editor: { cookie: string; token: string };

const api = (method: string, path: string, body?: unknown) =>
  fetch(`${shop.url}/redactie/api${path}`, {
    method,
    headers: {
      cookie: editor.cookie,
      "content-type": "application/json",
      [COMPOSER_TOKEN_HEADER]: editor.token,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  shop = await startTestShop();
  const login = await fetch(`${shop.url}/redactie/api/sessie`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "redacteur@kroonloterij.example", password: "Redactie-Kroon-2026" }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  editor = { cookie: (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "", token };
}, 60_000);

afterAll(async () => {
  await shop?.shutdown();
});

async function previewCookie(page: ComposerPage): Promise<string> {
  const entered = await fetch(`${shop.url}${page.previewUrl}`, { redirect: "manual" });
  expect(entered.status).toBe(302);
  return entered.headers.getSetCookie()[0]?.split(";")[0] ?? "";
}

describe("the preview of a concept as typed", () => {
  it("renders the typed text with the shop's blocks in preview mode, and saves nothing", async () => {
    const page = (await (await api("GET", "/paginas/page-kerstactie")).json()) as ComposerPage;
    const [text, ...rest] = page.document.blocks;
    if (!text) throw new Error("the Christmas page has blocks");
    const typed = {
      ...page.document,
      settings: { ...page.document.settings, title: "Kerstactie met sneeuw" },
      blocks: [
        {
          id: "hero-live-voorbeeld",
          type: "hero",
          fields: { title: "Sneeuw op kerstavond", text: "Nog niet opgeslagen, wel te zien." },
        },
        text,
        ...rest,
      ],
    };
    const answer = await api("POST", "/paginas/page-kerstactie/voorbeeld", { document: typed });
    expect(answer.status).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    expect(url).toMatch(/^\/kerstactie\?concept=[\w-]{20,}$/);

    const cookie = await previewCookie(page);
    const shown = await fetch(`${shop.url}${url}`, { headers: { cookie } });
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain("Sneeuw op kerstavond");
    expect(html).toContain("Nog niet opgeslagen, wel te zien.");
    expect(html).toContain("<title>Kerstactie met sneeuw");
    // The action code block beside it shows its campaign's form, as a player would see it.
    expect(html).toContain("Actiecode");

    // Without the preview cookie the address is the published page.
    const visitor = await (await fetch(`${shop.url}${url}`)).text();
    expect(visitor).not.toContain("Sneeuw op kerstavond");
    // Nothing was saved: the composer's page is as it was.
    const after = (await (await api("GET", "/paginas/page-kerstactie")).json()) as ComposerPage;
    expect(after.version).toBe(page.version);
    expect(after.document.blocks.map((block) => block.id)).toEqual(page.document.blocks.map((b) => b.id));
  });

  it("shows the saved concept for a token of another page's path or none at all", async () => {
    const page = (await (await api("GET", "/paginas/page-kerstactie")).json()) as ComposerPage;
    const answer = await api("POST", "/paginas/page-kerstactie/voorbeeld", {
      document: { ...page.document, settings: { ...page.document.settings, title: "Elders" } },
    });
    const { url } = (await answer.json()) as { url: string };
    const token = new URL(url, shop.url).searchParams.get("concept") ?? "";
    const cookie = await previewCookie(page);
    const elsewhere = await fetch(`${shop.url}/loten?concept=${token}`, { headers: { cookie } });
    expect(await elsewhere.text()).not.toContain("<title>Elders");
    const unknown = await fetch(`${shop.url}/kerstactie?concept=bestaat-niet-0123456789`, {
      headers: { cookie },
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain("<title>Kerstactie");
  });

  it("is the composer's alone: 401 without an editor, 403 without the token, 400 on a malformed page", async () => {
    const anonymous = await fetch(`${shop.url}/redactie/api/paginas/page-kerstactie/voorbeeld`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(anonymous.status).toBe(401);
    const forged = await fetch(`${shop.url}/redactie/api/paginas/page-kerstactie/voorbeeld`, {
      method: "POST",
      headers: { cookie: editor.cookie, "content-type": "application/json" },
      body: JSON.stringify({ document: { settings: {}, blocks: [] } }),
    });
    expect(forged.status).toBe(403);
    const bad = await api("POST", "/paginas/page-kerstactie/voorbeeld", { document: { blocks: "x" } });
    expect(bad.status).toBe(400);
    const missing = await api("POST", "/paginas/bestaat-niet/voorbeeld", {
      document: { settings: { title: "x", path: "/x" }, blocks: [] },
    });
    expect(missing.status).toBe(404);
  });
});
