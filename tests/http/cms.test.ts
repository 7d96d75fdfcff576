import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual as equal } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepAmountsWhole } from "@/src/lib/format";
import { navigation, previewLinkPage } from "@/src/lib/messages";
import { PREVIEW_LINK_TTL_MS, previewLink } from "@/src/shop/cms/preview.server";
import { signRequest } from "@/src/shop/cms/request-signing.server";
import { contentFixture } from "../support/content-fixture";
import {
  PAGE_CONFIG_TYPES,
  PUBLISHED_CHANGES,
  shownChange,
  withChange,
} from "../support/page-config-changes";
import { startTestShop, type TestShop } from "../support/shop-server";
import { until } from "../support/until";

const WEBHOOK_SECRET = "webhook-test-secret";
const SESSION_SECRET = "test-secret-test-secret-test-secret-0123";
let shop: TestShop;
let fixture: ReturnType<typeof contentFixture>;

const entryFields = (id: string) =>
  JSON.parse(readFileSync(path.resolve("content/entries", `${id}.json`), "utf8")).fields;

beforeAll(async () => {
  fixture = contentFixture();
  shop = await startTestShop({
    env: { CONTENT_DIR: fixture.dir, CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET, SESSION_SECRET },
  });
});
afterAll(async () => {
  await shop?.shutdown();
  fixture?.remove();
});

const get = (pathname: string, init: RequestInit = {}) =>
  fetch(`${shop.url}${pathname}`, { redirect: "manual", ...init });
const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** A visitor in the control group of the home page's experiment (issue 43 item 5), who sees its standard hero. */
const CONTROL_GROUP = "kl_exp=homepage-hero:control";

describe("server-rendered CMS pages", () => {
  it("renders every seed block of the home page into the HTML, without client JavaScript", async () => {
    const html = decode(await (await get("/", { headers: { cookie: CONTROL_GROUP } })).text());
    // As the page shows it: an editor's "€ 30" with a no-break space (issue 43).
    expect(html).toContain(keepAmountsWhole(entryFields("hero-home").title));
    for (const card of entryFields("cardgrid-home-producten").cards) {
      expect(html).toContain(entryFields(card.sys.id).title);
    }
    for (const item of entryFields("usplist-home").items) expect(html).toContain(keepAmountsWhole(item));
    expect(html).toContain(entryFields("countdown-home").title);
    for (const question of entryFields("faq-home").questions)
      expect(html).toContain(entryFields(question.sys.id).question);
    expect(html).toContain(entryFields("ctabanner-abonnement").title);
    expect(html).toContain('"@type":"FAQPage"');
    expect(html).toContain('data-layout="default"');
  });

  it("sets the head tags from the SEO fields", async () => {
    const html = decode(await (await get("/")).text());
    expect(html).toContain(
      `<meta name="description" content="${keepAmountsWhole(entryFields("page-home").description)}"/>`,
    );
    expect(html).toContain('property="og:image"');
  });

  it("requests the stylesheet first, scripts only after the first paint, and the hero image at high priority", async () => {
    // /loten has some thirty chunks for its blocks: none may be requested before the page is painted.
    for (const pathname of ["/", "/loten"]) {
      const html = await (await get(pathname)).text();
      const links = [...html.matchAll(/<link [^>]*>/g)].map((match) => match[0]);
      expect(links[0], pathname).toMatch(/rel="stylesheet" href="\/assets\/app-[^"]+\.css"/);
      expect(html.match(/rel="stylesheet"/g), pathname).toHaveLength(1);
      expect(html, pathname).not.toContain('rel="modulepreload"');
      const moduleScripts = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)];
      expect(moduleScripts, pathname).toHaveLength(1);
      const script = moduleScripts[0]?.[1] ?? "";
      expect(script, pathname).not.toMatch(/^\s*import\s/m);
      // It waits for a painted frame, then preloads the chunks (the framework's among them) and imports.
      expect(script.indexOf("requestAnimationFrame"), pathname).toBeGreaterThanOrEqual(0);
      expect(script.indexOf("requestAnimationFrame")).toBeLessThan(script.indexOf('"modulepreload"'));
      expect(script, pathname).toMatch(/\["\/assets\/[^\]]*\/assets\/framework-[^"]+\.js"/);
    }
    expect(await (await get("/")).text()).toMatch(/<img class="hero__image"[^>]* fetchPriority="high"/i);
  });

  it("selects the layout from the page's white-label theme", async () => {
    expect(await (await get("/partner/bladwijzer")).text()).toContain('data-layout="custom-white-label"');
    expect(await (await get("/partner/tankstation")).text()).toContain('data-layout="basic-white-label"');
  });

  it("skips an invalid or unknown block, keeps the rest, and logs entry and field", async () => {
    const response = await get("/test-kapot");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Een geldige hero blijft staan");
    expect(html).not.toContain("Een hero zonder titel");
    expect(html).not.toContain("Onbekend");
    expect(
      shop.logs.some(
        (entry) =>
          entry.msg === "content problem" && entry.entryId === "hero-kapot" && entry.field === "title",
      ),
    ).toBe(true);
    expect(shop.logs.some((entry) => entry.msg === "content problem" && entry.entryId === "raar-blok")).toBe(
      true,
    );
  });

  it("applies the markdown rules: no javascript: link, data:image/png and mailto stay", async () => {
    const html = await (await get("/test-kapot")).text();
    expect(html).toContain("klik hier");
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toContain('href="mailto:info@kroonloterij.example"');
  });

  it("shows the error page for a page naming an unknown middleware", async () => {
    const response = await get("/test-vip");
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("Oeps, er is iets fout gegaan");
    expect(shop.logsMatching("Unknown route middleware: 'vip'").length).toBeGreaterThan(0);
  });

  it("sends a page behind auth to the login, and a CMS redirect to its target", async () => {
    expect((await get("/mijn/voordeel")).headers.get("location")).toBe(
      "/inloggen?returnUrl=%2Fmijn%2Fvoordeel",
    );
    expect((await get("/actie")).headers.get("location")).toBe("/oudejaarstrekking");
    expect((await get("/kansspelautoriteit")).headers.get("location")).toBe("https://kansspelautoriteit.nl/");
  });
});

describe("_payload.json", () => {
  it("returns the resolved page data", async () => {
    const response = await get("/over-ons/_payload.json?abc");
    expect(response.status).toBe(200);
    const payload = await response.json();
    expect(payload.buildId).toBe(shop.services.build.id);
    expect(payload.page).toMatchObject({ path: "/over-ons", title: entryFields("page-over-ons").title });
    expect(payload.page.blocks[0]).toMatchObject({ type: "richText" });
    expect((await (await get("/_payload.json")).json()).page.path).toBe("/");
  });

  it("names the chunks of the blocks React renders, for the browser to preload on client-side navigation", async () => {
    const manifest = JSON.parse(
      readFileSync(path.resolve("build/client/.vite/manifest.json"), "utf8"),
    ) as Record<string, { file: string }>;
    const chunk = (source: string) => `/${manifest[source]?.file}`;
    const home = (await (await get("/_payload.json")).json()) as { chunks: string[] };
    expect(home.chunks).toContain(chunk("blocks/countdown/countdown.tsx"));
    expect(home.chunks).not.toContain(chunk("blocks/faq/faq.tsx"));
    const about = (await (await get("/over-ons/_payload.json")).json()) as { chunks: string[] };
    expect(about.chunks).not.toContain(chunk("blocks/countdown/countdown.tsx"));
  });

  it("answers an unknown page with problem details, and a redirect with its target", async () => {
    const missing = await get("/bestaat-niet/_payload.json");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/problem+json");
    expect(await (await get("/actie/_payload.json")).json()).toMatchObject({
      redirect: { to: "/oudejaarstrekking" },
    });
    expect(await (await get("/mijn/voordeel/_payload.json")).json()).toMatchObject({
      redirect: { to: "/inloggen?returnUrl=%2Fmijn%2Fvoordeel" },
    });
  });
});

describe("live updates without a deploy", () => {
  it("shows a changed content file within 5 seconds, without a restart", async () => {
    expect((await get("/over-ons")).status).toBe(200);
    const page = JSON.parse(readFileSync(path.join(fixture.dir, "entries/page-over-ons.json"), "utf8"));
    page.fields.title = "Over ons, net bijgewerkt";
    fixture.write("entries/page-over-ons.json", page);
    const started = Date.now();
    let html = "";
    while (Date.now() - started < 5_000) {
      html = await (await get("/over-ons")).text();
      if (html.includes("Over ons, net bijgewerkt")) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(html).toContain("Over ons, net bijgewerkt");
  });

  it("serves anonymous pages from the cache and drops them on a signed webhook call", async () => {
    await get("/verantwoord-spelen");
    expect((await get("/verantwoord-spelen")).headers.get("x-cache")).toBe("HIT");
    const body = JSON.stringify({
      sys: { id: "page-verantwoord-spelen", type: "Entry", contentType: { sys: { id: "page" } } },
      fields: { path: { "nl-NL": "/verantwoord-spelen" } },
    });
    const unsigned = await get("/api/cms/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(unsigned.status).toBe(401);
    const signed = signRequest(WEBHOOK_SECRET, {
      method: "POST",
      path: "/api/cms/webhook",
      headers: {},
      body,
    });
    const response = await get("/api/cms/webhook", {
      method: "POST",
      headers: { "content-type": "application/vnd.contentful.management.v1+json", ...signed },
      body,
    });
    expect(response.status).toBe(202);
    expect((await get("/verantwoord-spelen")).headers.get("x-cache")).toBe("MISS");
  });

  it("shows a published change of every block that configures the API by page id (issue 41)", async () => {
    const file = (id: string) => `entries/${id}.json`;
    const gameTitle = async () =>
      (await (await get("/api/promotionalgamesofchance/zomerwinactie/opt-ins")).json()).title;
    const pageConfig = shop.services.cms.pageConfig;
    for (const type of PAGE_CONFIG_TYPES) {
      expect(await shownChange(pageConfig, type), type).not.toEqual(PUBLISHED_CHANGES[type].after);
    }
    expect(await gameTitle()).toBe(entryFields("gameofchance-zomerwinactie").title);

    const readEntry = (id: string) => JSON.parse(readFileSync(path.join(fixture.dir, file(id)), "utf8"));
    const entryIds = PAGE_CONFIG_TYPES.map((type) => PUBLISHED_CHANGES[type].entry.id);
    const originals = new Map(entryIds.map((id) => [id, readEntry(id)]));
    try {
      for (const type of PAGE_CONFIG_TYPES) {
        const { id } = PUBLISHED_CHANGES[type].entry;
        fixture.write(file(id), withChange(originals.get(id), PUBLISHED_CHANGES[type]));
      }
      for (const type of PAGE_CONFIG_TYPES) {
        const { after } = PUBLISHED_CHANGES[type];
        await until(async () => equal(await shownChange(pageConfig, type), after), `the published ${type}`);
      }
      expect(await gameTitle()).toBe(PUBLISHED_CHANGES.gameOfChance.after);
    } finally {
      for (const [id, original] of originals) fixture.write(file(id), original);
    }
  });

  it("never serves a logged-in player's request from the shared cache", async () => {
    await get("/over-ons");
    expect(
      (await get("/over-ons", { headers: { cookie: "kl_ingelogd=1" } })).headers.get("x-cache"),
    ).toBeNull();
  });
});

describe("preview", () => {
  it("shows drafts with the Voorbeeldweergave banner behind a signed link, never cached, until left", async () => {
    expect((await get("/nieuw-concept")).status).toBe(404);
    const enter = await get(previewLink(SESSION_SECRET, "/nieuw-concept"));
    expect(enter.status).toBe(302);
    const cookie = enter.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const draft = await get("/nieuw-concept", { headers: { cookie } });
    expect(draft.status).toBe(200);
    const html = await draft.text();
    expect(html).toContain("Voorbeeldweergave");
    expect(html).toContain("Voorbeeld sluiten");
    expect(draft.headers.get("x-cache")).toBeNull();
    const home = decode(
      await (await get("/", { headers: { cookie: `${cookie}; ${CONTROL_GROUP}` } })).text(),
    );
    expect(home).toContain(
      keepAmountsWhole(
        JSON.parse(readFileSync(path.resolve("content/drafts/hero-home.json"), "utf8")).fields.title,
      ),
    );
    const exit = await get("/api/cms/preview/exit?path=/", { headers: { cookie } });
    expect(exit.headers.getSetCookie()[0]).toMatch(/kl_preview=;/);
  });

  it("shows the editor a notice where a skipped block would be, and players never (issue 43)", async () => {
    const enter = await get(previewLink(SESSION_SECRET, "/test-kapot"));
    const cookie = enter.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const notice = (text: string) => `<aside class="preview-notice" role="note">${text}</aside>`;
    const previewed = decode(await (await get("/test-kapot", { headers: { cookie } })).text());
    const shown = [
      previewed.indexOf("Een geldige hero blijft staan"),
      previewed.indexOf(notice("Dit blok wordt niet getoond: Hero (hero-kapot) – Titel: vul dit veld in")),
      previewed.indexOf(
        notice(
          "Dit blok wordt niet getoond: raar-blok – onbekend bloktype 'mysteryBlock': deze webshop kan het niet tonen",
        ),
      ),
      previewed.indexOf(
        notice(
          "Dit blok wordt niet getoond: bestaat-niet – het gekoppelde blok ontbreekt, is niet gepubliceerd of bevat zichzelf",
        ),
      ),
      previewed.indexOf("klik hier"),
    ];
    expect(shown.every((at) => at >= 0)).toBe(true);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    // A player's requests after the editor's: the second at the latest comes from the page cache.
    for (const attempt of [1, 2]) {
      const response = await get("/test-kapot");
      if (attempt === 2) expect(response.headers.get("x-cache")).toBe("HIT");
      const html = await response.text();
      expect(html).toContain("Een geldige hero blijft staan");
      expect(html).not.toContain("preview-notice");
      expect(html).not.toContain("Dit blok wordt niet getoond");
    }
  });

  it("answers an unsigned, tampered or expired preview link with a Dutch page in the shop's layout", async () => {
    const tampered = previewLink(SESSION_SECRET, "/nieuw-concept").replace("nieuw-concept", "over-ons");
    const expired = previewLink(SESSION_SECRET, "/nieuw-concept", Date.now() - PREVIEW_LINK_TTL_MS - 1000);
    for (const link of ["/voorbeeldweergave?path=/nieuw-concept", tampered, expired]) {
      const answer = await get(link);
      expect(answer.status, link).toBe(403);
      expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
      expect(answer.headers.getSetCookie().join()).not.toContain("kl_preview");
      const html = decode(await answer.text());
      expect(html).toContain('<html lang="nl"');
      expect(html).toContain(`<h1>${previewLinkPage.title}</h1>`);
      expect(html).toContain(previewLinkPage.howTo);
      // The shop's header and footer around it.
      expect(html).toContain(navigation.mainMenu);
      expect(html).toContain("Speel bewust 18+");
    }
  });

  it("sends the old /api/cms/preview links to the page that checks them", async () => {
    const query = previewLink(SESSION_SECRET, "/nieuw-concept").split("?")[1];
    const old = await get(`/api/cms/preview?${query}`);
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(`/voorbeeldweergave?${query}`);
    const unsigned = await fetch(`${shop.url}/api/cms/preview?path=%2Fnieuw-concept`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain(previewLinkPage.title);
  });
});

describe("build output", () => {
  const clientFiles = readdirSync(path.resolve("build/client/assets")).filter((file) => file.endsWith(".js"));
  const manifest = JSON.parse(
    readFileSync(path.resolve("build/client/.vite/manifest.json"), "utf8"),
  ) as Record<string, { file: string }>;

  it("has no markdown-it in any client chunk", () => {
    for (const file of clientFiles) {
      const code = readFileSync(path.resolve("build/client/assets", file), "utf8");
      expect(code, file).not.toMatch(/validateLink|normalizeLinkText|markdown-it/);
    }
  });

  it("preloads a block's chunk only on pages where React renders the block", async () => {
    const chunk = (source: string) => `/${manifest[source]?.file}`;
    const [home, about, tickets] = await Promise.all(
      ["/", "/over-ons", "/loten"].map(async (pagePath) => (await get(pagePath)).text()),
    );
    // The countdown ticks in the browser; the FAQ, hero and rich text are rendered once on the server.
    expect(home).toContain(chunk("blocks/countdown/countdown.tsx"));
    expect(home).not.toContain(chunk("blocks/faq/faq.tsx"));
    expect(home).not.toContain(chunk("blocks/hero/hero.tsx"));
    expect(about).not.toContain(chunk("blocks/rich-text/rich-text.tsx"));
    expect(about).not.toContain(chunk("blocks/countdown/countdown.tsx"));
    expect(tickets).toContain(chunk("blocks/ticket-configurator/ticket-configurator.tsx"));
    expect(home).not.toContain(chunk("blocks/ticket-configurator/ticket-configurator.tsx"));
  });

  it("renders the draw results block on the server: its tables are in the document, its code and data are not", async () => {
    const html = await (await get("/trekkingsuitslag")).text();
    expect(html).toMatch(/data-block="drawResults"[^>]*data-server-rendered=""/);
    expect(html).toContain("Prijzen op het hele lotnummer");
    expect(html).not.toContain(`/${manifest["blocks/draw-results/draw-results.tsx"]?.file}`);
    // The ticket checker beside it answers input: React renders it, with its code.
    expect(html).toContain(`/${manifest["blocks/ticket-checker/ticket-checker.tsx"]?.file}`);
    const data = [...html.matchAll(/streamController\.enqueue\(([\s\S]*?)\);<\/script>/g)]
      .map((match) => match[1])
      .join("");
    // The block's loader data (the latest result's `details`, the `past` draws) stays on the server.
    expect(data).not.toContain(String.raw`\"details\"`);
    expect(data).not.toContain(String.raw`\"past\"`);
    // The overview lists the past draws itself; the block leaves its own list out.
    expect(html.match(/Eerdere trekkingen/g)).toBeNull();
  });

  it("puts a content-only block's markup in the document once, not again in its hydration data", async () => {
    const html = await (await get("/", { headers: { cookie: "kl_ingelogd=1" } })).text();
    const data = [...html.matchAll(/streamController\.enqueue\(([\s\S]*?)\);<\/script>/g)]
      .map((match) => match[1])
      .join("");
    expect(html).toContain('class="faq__item"');
    expect(data).toContain("countdown");
    expect(data).not.toContain("faq__item");
    expect(data).not.toContain("hero__title");
  });

  it("keeps the markup in a route's .data answer, which the browser renders from data alone", async () => {
    const dataAnswer = await (await get("/loten.data")).text();
    expect(dataAnswer).toContain('<section class=\\"text-block\\">');
    const document = await (await get("/loten")).text();
    expect(document.match(/text-block/g)).toHaveLength(1);
  });

  it("sends content-only blocks as their HTML, interactive ones with their fields", async () => {
    const payload = (await (await get("/_payload.json")).json()) as {
      page: { blocks: Array<{ type: string; html?: string; props?: unknown; data?: unknown }> };
    };
    const faq = payload.page.blocks.find((block) => block.type === "faq");
    const countdown = payload.page.blocks.find((block) => block.type === "countdown");
    expect(faq?.props).toBeUndefined();
    expect(faq?.html).toContain('class="faq__item"');
    expect(faq?.html).toContain("application/ld+json");
    expect(countdown?.html).toBeUndefined();
    expect(countdown?.props).toBeDefined();
    expect(countdown?.data).toMatchObject({ salesCloseAt: expect.any(String) });
  });

  it("lists the prerendered pages in the build's route rules", async () => {
    const meta = await (await get(`/builds/meta/${shop.services.build.id}.json`)).json();
    expect(meta.prerendered).toEqual(expect.arrayContaining(["/oudejaarstrekking"]));
    // The home page shows an experiment: a copy per group, rendered on demand (issue 43 item 5).
    expect(meta.prerendered).not.toContain("/");
    expect(meta.redirect["/actie"]).toMatchObject({ to: "/oudejaarstrekking", external: false });
    expect(meta.redirect["/kansspelautoriteit"]).toMatchObject({ external: true });
  });
});
