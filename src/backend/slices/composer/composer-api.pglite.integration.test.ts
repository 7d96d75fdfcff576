import { cpSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/src/backend/db/database.server";
import { PUBLISH_PAGE_JOB } from "@/src/backend/db/job-queue/job-names";
import { jobs } from "@/src/backend/db/schema";
import { COMPOSER_TOKEN_HEADER, type ComposerPage, type PageDocument } from "@/src/contract/composer";
import { composerCatalog } from "@/src/server/composer.server";
import { startComposerServer } from "@/tests/support/composer-server";
import { createComposerService } from "./composer-service.server";
import { pageEvents } from "./page-events.server";
import { EDITOR_LOGIN_RATE_LIMIT } from "./routes.server";
import { DEMO_EDITORS, seedEditorsIfNone } from "./seed-editors.server";
import { createLocalStore } from "./stores/local-store.server";

/**
 * The composer's API (issue 44) on a real database and a copy of the content files: who may do what, the
 * anti-forgery token, the version check, the content check, and what a publish leaves in `content/`.
 */
let database: Database;
let server: { url: string; close: () => Promise<void> };
let contentDir: string;
const published: string[][] = [];
let service: ReturnType<typeof createComposerService>;
const [redacteur, eindredacteur] = DEMO_EDITORS as [(typeof DEMO_EDITORS)[0], (typeof DEMO_EDITORS)[0]];

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await seedEditorsIfNone(database.db);
  contentDir = mkdtempSync(path.join(os.tmpdir(), "kl-composer-"));
  cpSync(path.resolve("content"), contentDir, { recursive: true });
  service = createComposerService({
    store: createLocalStore({ dir: contentDir, onPublished: (ids) => published.push(ids) }),
    events: pageEvents(database.db),
    catalog: composerCatalog(),
    previewUrl: (pagePath) => `/voorbeeldweergave?path=${encodeURIComponent(pagePath)}`,
  });
  server = await startComposerServer(database, service);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

type Session = { cookie: string; token: string };

async function logIn(editor: { email: string; password: string }): Promise<Session> {
  const response = await fetch(`${server.url}/redactie/api/sessie`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: editor.email, password: editor.password }),
  });
  expect(response.status).toBe(200);
  const setCookie = response.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/Path=\/redactie;/);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  const body = (await response.json()) as { token: string };
  return { cookie: setCookie.split(";")[0]!, token: body.token };
}

function call(
  session: Session | undefined,
  method: string,
  pathname: string,
  body?: unknown,
  token = session?.token,
) {
  return fetch(`${server.url}/redactie/api${pathname}`, {
    method,
    headers: {
      ...(session ? { cookie: session.cookie } : {}),
      ...(token ? { [COMPOSER_TOKEN_HEADER]: token } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

const suffix = Date.now().toString(36);
const campaign = (title: string): PageDocument => ({
  settings: {
    title: "Zomeractie",
    path: `/zomeractie-${suffix}`,
    description: "Win mee in de zomer",
    middleware: [],
    prerender: false,
  },
  blocks: [
    { id: `hero-zomer-${suffix}`, type: "hero", fields: { title, text: "Speel mee" } },
    {
      id: `markdown-zomer-${suffix}`,
      type: "markdownText",
      fields: { body: "## Zo werkt het\n\nKoop een lot." },
    },
    {
      id: `actioncode-zomer-${suffix}`,
      type: "actionCode",
      fields: { pageId: `zomeractie-${suffix}`, title: "Heb je een actiecode?" },
    },
    { id: `configurator-zomer-${suffix}`, type: "ticketConfigurator", fields: { pageId: "loten-webshop" } },
  ],
});

describe("the composer's API: who may use it", () => {
  it("answers 401 to anyone without an editor's session, and the pages are the shop's 404", async () => {
    expect((await call(undefined, "GET", "/paginas")).status).toBe(401);
    const anonymousPage = await fetch(`${server.url}/redactie`);
    expect(anonymousPage.status).toBe(404);
    expect(await anonymousPage.text()).toBe("shop 404");
    // A player's session cookie is not an editor's.
    const player = await fetch(`${server.url}/redactie/api/paginas`, {
      headers: { cookie: "kl_session=abc" },
    });
    expect(player.status).toBe(401);
    expect((await player.json()).detail).toBe("Log in als redacteur om verder te gaan.");
  });

  it("refuses a wrong password in Dutch, and serves the composer to a logged-in editor", async () => {
    const wrong = await call(undefined, "POST", "/sessie", { email: redacteur.email, password: "fout" });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).detail).toBe("Het e-mailadres of wachtwoord klopt niet.");
    const session = await logIn(redacteur);
    const me = await call(session, "GET", "/sessie");
    expect(await me.json()).toMatchObject({ editor: { email: redacteur.email, role: "redacteur" } });
    const page = await fetch(`${server.url}/redactie`, { headers: { cookie: session.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Redactie</title>");
  });

  it("refuses a write without the session's anti-forgery token, or from another site", async () => {
    const session = await logIn(redacteur);
    const without = await call(session, "POST", "/paginas", { document: campaign("Zonder token") }, "");
    expect(without.status).toBe(403);
    expect((await without.json()).detail).toMatch(/geweigerd/);
    const forged = await call(session, "POST", "/paginas", { document: campaign("Vals") }, "vals-token");
    expect(forged.status).toBe(403);
    const otherSite = await fetch(`${server.url}/redactie/api/paginas`, {
      method: "POST",
      headers: {
        cookie: session.cookie,
        [COMPOSER_TOKEN_HEADER]: session.token,
        origin: "https://evil.example",
        "content-type": "application/json",
      },
      body: JSON.stringify({ document: campaign("Van elders") }),
    });
    expect(otherSite.status).toBe(403);
  });
});

describe("the composer's API: a campaign page from concept to the shop", () => {
  let page: ComposerPage;
  let redactie: Session;
  let eind: Session;

  beforeAll(async () => {
    redactie = await logIn(redacteur);
    eind = await logIn(eindredacteur);
  });

  it("creates a concept in content/drafts, in the Delivery API shape, and lists it", async () => {
    const response = await call(redactie, "POST", "/paginas", { document: campaign("Zomer vol prijzen") });
    expect(response.status).toBe(201);
    page = (await response.json()) as ComposerPage;
    expect(page).toMatchObject({ status: "concept", version: 1, lastEditedBy: redacteur.name });
    expect(page.document.blocks.map((block) => block.type)).toEqual([
      "hero",
      "markdownText",
      "actionCode",
      "ticketConfigurator",
    ]);
    const draft = JSON.parse(readFileSync(path.join(contentDir, "drafts", `${page.id}.json`), "utf8"));
    expect(draft.fields.blocks[0]).toEqual({
      sys: { type: "Link", linkType: "Entry", id: `hero-zomer-${suffix}` },
    });
    expect(existsSync(path.join(contentDir, "entries", `${page.id}.json`))).toBe(false);

    const list = (await (await call(redactie, "GET", `/paginas?q=zomeractie-${suffix}`)).json()) as {
      pages: ComposerPage[];
    };
    expect(list.pages).toEqual([
      expect.objectContaining({ id: page.id, status: "concept", lastEditedBy: redacteur.name }),
    ]);
  });

  it("saves nothing of a page with a field over its bound, an unknown block or a taken path, and says why per field", async () => {
    const invalid = campaign("x".repeat(81));
    invalid.settings.path = "/loten";
    invalid.blocks.push({ id: `mystery-${suffix}`, type: "mysteryBlock", fields: {} });
    const response = await call(redactie, "PUT", `/paginas/${page.id}`, {
      version: page.version,
      document: invalid,
    });
    expect(response.status).toBe(422);
    const { errors } = (await response.json()) as { errors: Record<string, string[]> };
    expect(errors[`blocks.hero-zomer-${suffix}.title`]).toEqual(["Titel: maximaal 80 tekens (nu 81)"]);
    expect(errors["settings.path"]).toEqual(["Het pad /loten is al in gebruik door een andere pagina."]);
    expect(errors[`blocks.mystery-${suffix}`]).toEqual(["Onbekend bloktype: mysteryBlock."]);
    const unchanged = (await (await call(redactie, "GET", `/paginas/${page.id}`)).json()) as ComposerPage;
    expect(unchanged.version).toBe(page.version);
    expect(unchanged.document.blocks[0]?.fields.title).toBe("Zomer vol prijzen");
  });

  it("refuses the second of two saves from the same version with a Dutch conflict message", async () => {
    const first = await call(redactie, "PUT", `/paginas/${page.id}`, {
      version: page.version,
      document: campaign("Eerste redacteur"),
    });
    expect(first.status).toBe(200);
    const second = await call(eind, "PUT", `/paginas/${page.id}`, {
      version: page.version,
      document: campaign("Tweede redacteur"),
    });
    expect(second.status).toBe(409);
    expect((await second.json()).detail).toMatch(/^Iemand anders heeft deze pagina intussen opgeslagen/);
    page = (await first.json()) as ComposerPage;
    expect(page.document.blocks[0]?.fields.title).toBe("Eerste redacteur");
  });

  it("lets a redacteur ask for review but not publish; an eindredacteur publishes into content/entries", async () => {
    const review = await call(redactie, "POST", `/paginas/${page.id}/review`, { version: page.version });
    expect(await review.json()).toMatchObject({ reviewRequestedBy: redacteur.name });
    const refused = await call(redactie, "POST", `/paginas/${page.id}/publiceren`, { version: page.version });
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBe("Alleen een eindredacteur mag dit doen.");

    const publish = await call(eind, "POST", `/paginas/${page.id}/publiceren`, { version: page.version });
    expect(publish.status).toBe(200);
    page = (await publish.json()) as ComposerPage;
    expect(page.status).toBe("gepubliceerd");
    expect(page.reviewRequestedBy).toBeUndefined();
    const entry = JSON.parse(readFileSync(path.join(contentDir, "entries", `${page.id}.json`), "utf8"));
    expect(entry.fields).toMatchObject({ title: "Zomeractie", path: `/zomeractie-${suffix}` });
    expect(existsSync(path.join(contentDir, "entries", `hero-zomer-${suffix}.json`))).toBe(true);
    expect(existsSync(path.join(contentDir, "drafts", `${page.id}.json`))).toBe(false);
    expect(published.flat()).toContain(page.id);
  });

  it("marks a page changed after publication, keeps its history and restores an earlier version", async () => {
    const edited = await call(redactie, "PUT", `/paginas/${page.id}`, {
      version: page.version,
      document: campaign("Nieuwe hero"),
    });
    page = (await edited.json()) as ComposerPage;
    expect(page.status).toBe("gewijzigd");
    const history = (await (await call(redactie, "GET", `/paginas/${page.id}/geschiedenis`)).json()) as {
      events: Array<{ id: number; action: string; editorName: string }>;
    };
    expect(history.events.map((event) => event.action)).toEqual([
      "opgeslagen",
      "gepubliceerd",
      "review gevraagd",
      "opgeslagen",
      "aangemaakt",
    ]);
    const publishedVersion = history.events[1]!;
    const restored = await call(
      redactie,
      "POST",
      `/paginas/${page.id}/geschiedenis/${publishedVersion.id}/terugzetten`,
      {
        version: page.version,
      },
    );
    expect(restored.status).toBe(200);
    page = (await restored.json()) as ComposerPage;
    expect(page.document.blocks[0]?.fields.title).toBe("Eerste redacteur");
  });

  it("schedules a publication on the job queue, which publishes the scheduled version at its time", async () => {
    const early = await call(redactie, "POST", `/paginas/${page.id}/plannen`, {
      version: page.version,
      at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(early.status).toBe(403);
    const past = await call(eind, "POST", `/paginas/${page.id}/plannen`, {
      version: page.version,
      at: "2020-01-01T10:00:00Z",
    });
    expect(past.status).toBe(422);
    const at = new Date(Date.now() + 60_000);
    const scheduled = await call(eind, "POST", `/paginas/${page.id}/plannen`, {
      version: page.version,
      at: at.toISOString(),
    });
    page = (await scheduled.json()) as ComposerPage;
    expect(page).toMatchObject({ status: "gepland", scheduledFor: at.toISOString() });
    const [job] = await database.db.select().from(jobs).where(eq(jobs.name, PUBLISH_PAGE_JOB));
    expect(job).toMatchObject({
      payload: { pageId: page.id, version: page.version },
      runAt: at,
      state: "queued",
    });

    // What the job's handler runs at that time.
    await service.publishScheduled(page.id, page.version);
    page = await service.getPage(page.id);
    expect(page.status).toBe("gepubliceerd");
    expect(page.scheduledFor).toBeUndefined();
    const entry = JSON.parse(
      readFileSync(path.join(contentDir, "entries", `hero-zomer-${suffix}.json`), "utf8"),
    );
    expect(entry.fields.title).toBe("Eerste redacteur");
  });

  it("lets an eindredacteur take the page off the shop, keeping the concept", async () => {
    const response = await call(eind, "POST", `/paginas/${page.id}/offline`, { version: page.version });
    page = (await response.json()) as ComposerPage;
    expect(page.status).toBe("concept");
    expect(existsSync(path.join(contentDir, "entries", `${page.id}.json`))).toBe(false);
    expect(existsSync(path.join(contentDir, "drafts", `${page.id}.json`))).toBe(true);
  });

  it("refuses to publish a page whose content check fails, saying why", async () => {
    const broken = campaign("Met een kapotte link");
    broken.settings.path = `/kapot-${suffix}`;
    broken.blocks = [
      {
        id: `image-kapot-${suffix}`,
        type: "image",
        fields: { image: { sys: { type: "Link", linkType: "Asset", id: "bestaat-niet" } } },
      },
    ];
    const response = await call(redactie, "POST", "/paginas", { document: broken });
    expect(response.status).toBe(422);
    const { errors } = (await response.json()) as { errors: Record<string, string[]> };
    expect(errors[`blocks.image-kapot-${suffix}.image`]?.[0]).toMatch(
      /^Afbeelding: de gekoppelde afbeelding 'bestaat-niet' is niet gevonden/,
    );
  });
});

describe("the editors' login", () => {
  it("is rate limited per address after ten failures, in Dutch, even for the right password", async () => {
    let last: Response | undefined;
    for (let attempt = 0; attempt <= EDITOR_LOGIN_RATE_LIMIT.limit; attempt++) {
      last = await call(undefined, "POST", "/sessie", {
        email: "niemand@kroonloterij.example",
        password: "fout",
      });
    }
    expect(last?.status).toBe(429);
    const right = await call(undefined, "POST", "/sessie", {
      email: redacteur.email,
      password: redacteur.password,
    });
    expect(right.status).toBe(429);
    expect(right.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await last!.json()).detail).toMatch(
      /^Te veel inlogpogingen\. Probeer het over \d+ minuten opnieuw\.$/,
    );
  });
});
