import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import routes from "@/src/shop/app/routes";
import { expect, test, waitForHydration } from "./fixtures";
import { addOneTicket, logInThroughApi } from "./player-steps";

/**
 * Issue 40 item 1: what a player chooses or types before a page is interactive is what the form holds,
 * and sends, after React has taken it over. Every form of the shop: the pages are found from the route
 * table and, for the blocks, from the pages of the local content that use each registered block, so a new
 * route or block with a form is covered without editing this test. Each page is opened with all of its
 * JavaScript held back; every field is filled as a player would; then the code is let through, and after
 * hydration every field must still hold the player's input, and still hold it once the form is sent
 * (React renders the form again then: a value React never took over is reset to the server's).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Example values for a route's parameters, where the route table has one (`:draw`, `:pageId`). */
const PARAMETERS: Record<string, string> = { draw: "maandtrekking-november-2026", pageId: "win-een-auto" };
/** Addresses that need a query to show their form. */
const WITH_QUERY: Record<string, string> = {
  "/abonnement/afsluiten": "/abonnement/afsluiten?pageId=abonnement",
  "/actie/aanbod": "/actie/aanbod?pagina=proefabonnement",
};

type RouteEntry = { path?: string; children?: RouteEntry[] };

/** The route table's paths; a parameter without an example is found from the links of earlier pages. */
function routePaths(): string[] {
  const flatten = (entries: readonly RouteEntry[]): string[] =>
    entries.flatMap((entry) => [`/${entry.path ?? ""}`, ...flatten(entry.children ?? [])]);
  return flatten(routes as RouteEntry[]).filter((route) => !route.includes("*"));
}

type Entry = { sys: { id: string; contentType?: { sys: { id: string } } }; fields: Record<string, unknown> };

/**
 * The published pages of the local content, and for every block type one of them that has it (anywhere
 * in its tree).
 */
/** Pages whose block shows no form: the campaign ended, so the action-code block says so (issue 43). */
const WITHOUT_FORM = new Set(["/herfstactie"]);

function contentPages(): { paths: string[]; byBlock: Map<string, string> } {
  const dir = path.join(ROOT, "content/entries");
  const entries = new Map<string, Entry>(
    readdirSync(dir).map((file) => {
      const entry = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Entry;
      return [entry.sys.id, entry];
    }),
  );
  const linked = (value: unknown): string[] => {
    if (Array.isArray(value)) return value.flatMap(linked);
    const sys = (value as { sys?: { type?: string; linkType?: string; id?: string } } | null)?.sys;
    return sys?.type === "Link" && sys.linkType === "Entry" && sys.id ? [sys.id] : [];
  };
  const typesIn = (id: string, seen = new Set<string>()): string[] => {
    const entry = entries.get(id);
    if (!entry || seen.has(id)) return [];
    seen.add(id);
    const own = entry.sys.contentType?.sys.id ?? "";
    return [
      own,
      ...Object.values(entry.fields)
        .flatMap(linked)
        .flatMap((child) => typesIn(child, seen)),
    ];
  };
  const byBlock = new Map<string, string>();
  const paths: string[] = [];
  for (const entry of entries.values()) {
    if (entry.sys.contentType?.sys.id !== "page" || typeof entry.fields.path !== "string") continue;
    paths.push(entry.fields.path);
    if (WITHOUT_FORM.has(entry.fields.path)) continue;
    for (const type of new Set(typesIn(entry.sys.id).slice(1)))
      if (!byBlock.has(type)) byBlock.set(type, entry.fields.path);
  }
  return { paths, byBlock };
}

function registeredBlockTypes(): string[] {
  return readdirSync(path.join(ROOT, "blocks"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()));
}

type Filled = { index: number; label: string; kind: string; value: string; place: string };

/** Marks every field a player could fill in (visible, enabled, not hidden) and describes it. */
async function fillableFields(page: Page) {
  return page.evaluate(() => {
    const skip = new Set(["hidden", "submit", "button", "reset", "image", "file"]);
    const fields = [
      ...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        "input, select, textarea",
      ),
    ].filter((field) => {
      if (field instanceof HTMLInputElement && skip.has(field.type)) return false;
      // `:disabled` also holds for a field in a disabled fieldset (issue 43: the cancel form's tickets while
      // the whole subscription is chosen), which a player cannot fill in either.
      if (field.matches(":disabled") || ("readOnly" in field && field.readOnly)) return false;
      const box = field.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(field).visibility !== "hidden";
    });
    const chosenGroups = new Set<string>();
    return fields.flatMap((field, index) => {
      field.dataset.filledBeforeHydration = String(index);
      const label =
        field.labels?.[0]?.textContent?.trim() || field.getAttribute("aria-label") || field.name || field.id;
      if (field instanceof HTMLSelectElement) {
        const other = [...field.options]
          .reverse()
          .find((option) => !option.disabled && option.value !== "" && option.value !== field.value);
        return other ? [{ index, label, kind: "select", value: other.value }] : [];
      }
      if (field instanceof HTMLTextAreaElement)
        return [{ index, label, kind: "text", value: "Tekst vóór hydratie" }];
      if (field.type === "checkbox")
        return [{ index, label, kind: "checkbox", value: String(!field.checked) }];
      if (field.type === "radio") {
        // One choice per group: the last option not chosen yet.
        const group = field.form ? `${field.form.id}|${field.name}` : field.name;
        if (chosenGroups.has(group) || field.checked) return [];
        const options = [
          ...document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${field.name}"]`),
        ].filter((option) => option.form === field.form && !option.disabled && !option.checked);
        if (options.at(-1) !== field) return [];
        chosenGroups.add(group);
        return [{ index, label, kind: "radio", value: "true" }];
      }
      if (field.type === "number" || field.type === "range") {
        const step = Number(field.step) || 1;
        const current = Number(field.value || field.min || 0);
        const max = field.max === "" ? Number.POSITIVE_INFINITY : Number(field.max);
        const min = field.min === "" ? Number.NEGATIVE_INFINITY : Number(field.min);
        const next = current + step <= max ? current + step : current - step;
        return next >= min && next !== current ? [{ index, label, kind: "text", value: String(next) }] : [];
      }
      const byType: Record<string, string> = {
        email: "voor.hydratie@example.nl",
        password: "Voor-Hydratie-2026!",
        tel: "0612345678",
        date: field.min || "1990-04-27",
        url: "https://example.nl/",
      };
      const value =
        byType[field.type] ??
        `${field.value}7`.slice(-Math.max(1, field.maxLength > 0 ? field.maxLength : 20));
      return [{ index, label, kind: "text", value }];
    });
  });
}

async function fill(page: Page, field: Omit<Filled, "place">): Promise<void> {
  const locator = page.locator(`[data-filled-before-hydration="${field.index}"]`);
  if (field.kind === "select") await locator.selectOption(field.value);
  else if (field.kind === "checkbox") await locator.setChecked(field.value === "true");
  else if (field.kind === "radio") await locator.check();
  else await locator.fill(field.value);
}

/**
 * What the fields hold now: each marked field by its mark, and every field by its place (scope or form,
 * name, a radio's value; as src/lib/entered-fields.ts places them), for a field React rendered anew.
 */
async function heldValues(
  page: Page,
): Promise<{ byMark: Map<number, string>; byPlace: Map<string, string>; placeOfMark: Map<number, string> }> {
  const { marked, placed } = await page.evaluate(() => {
    const stateOf = (field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) =>
      field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")
        ? String(field.checked)
        : field.value;
    const placeOf = (field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) => {
      const form = field.form;
      const scope =
        field.closest<HTMLElement>("[data-entry-scope]")?.dataset.entryScope ??
        (form
          ? (form.getAttribute("aria-label") ??
            form.getAttribute("name") ??
            (form.id || form.getAttribute("action")) ??
            "")
          : "");
      return `${scope}|${field.name || field.id}|${field instanceof HTMLInputElement && field.type === "radio" ? field.value : ""}`;
    };
    const all = [...document.querySelectorAll<HTMLInputElement>("input, select, textarea")];
    return {
      marked: all
        .filter((field) => field.dataset.filledBeforeHydration !== undefined)
        .map(
          (field) => [Number(field.dataset.filledBeforeHydration), stateOf(field), placeOf(field)] as const,
        ),
      placed: all.map((field) => [placeOf(field), stateOf(field)] as const),
    };
  });
  return {
    byMark: new Map(marked.map(([mark, state]) => [mark, state])),
    byPlace: new Map(placed),
    placeOfMark: new Map(marked.map(([mark, , place]) => [mark, place])),
  };
}

type Outcome = { lost: string[]; notAsked: string[] };

/**
 * Each filled field must hold the player's input: itself, or the field React rendered in its place. A
 * field with no field in its place any more is no longer asked (the player's other choice hides it: the
 * bank once the player pays by card), which is listed, not counted as lost.
 */
function compare(
  filled: readonly Filled[],
  held: Awaited<ReturnType<typeof heldValues>>,
  address: string,
): Outcome {
  const outcome: Outcome = { lost: [], notAsked: [] };
  for (const field of filled) {
    const now = held.byMark.get(field.index) ?? held.byPlace.get(field.place);
    if (now === undefined) outcome.notAsked.push(`${address}: "${field.label}"`);
    else if (now !== field.value)
      outcome.lost.push(
        `${address}: "${field.label}" holds ${JSON.stringify(now)}, was ${JSON.stringify(field.value)}`,
      );
  }
  // A form whose every field went is not a form that hid one question: that is input lost.
  if (filled.length > 0 && outcome.notAsked.length === filled.length)
    outcome.lost.push(`${address}: every field filled in is gone`);
  return outcome;
}

type Visit = {
  address: string;
  filled: number;
  lost: string[];
  notAsked: string[];
  links: string[];
  landed: string;
};

/** Opens `address` with its scripts held, fills every field, lets the scripts in and checks each field. */
async function visit(page: Page, address: string): Promise<Visit> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holdScripts = async (route: import("@playwright/test").Route) => {
    await held;
    await route.continue().catch(() => undefined);
  };
  await page.route(/\/assets\/.+\.js$/, holdScripts);
  try {
    await page.goto(address, { waitUntil: "commit" });
    await page.waitForFunction(() => document.readyState !== "loading", null, { timeout: 10_000 });
    const landed = new URL(page.url()).pathname;
    const fields = await fillableFields(page);
    const links = () => page.evaluate(() => [...document.links].map((link) => new URL(link.href).pathname));
    // A page without a field needs no hydration to be checked.
    if (fields.length === 0)
      return { address, filled: 0, lost: [], notAsked: [], links: await links(), landed };
    for (const field of fields) await fill(page, field);
    // What the browser made of it (a maximum length, a step): that is what the player sees.
    const entered = await heldValues(page);
    const filled: Filled[] = fields.map((field) => ({
      ...field,
      value: entered.byMark.get(field.index) ?? field.value,
      place: entered.placeOfMark.get(field.index) ?? "",
    }));
    release();
    await waitForHydration(page);
    const { lost, notAsked } = compare(filled, await heldValues(page), address);

    const pageLinks = await links();
    // Sending: each form with a filled field is sent (nothing leaves the browser: every request is
    // refused), and React's render of the sent form must still show the player's input.
    await page.route(/./, (route) =>
      route.request().url().includes("/assets/") ? route.continue() : route.abort(),
    );
    const forms = await page.evaluate(() =>
      [...document.forms].flatMap((form, index) =>
        form.querySelector("[data-filled-before-hydration]") ? [index] : [],
      ),
    );
    let sent = 0;
    for (const form of forms) {
      // A form React does not handle is posted by the browser (and refused): the page is left.
      const left = await page
        .evaluate((index) => {
          const target = document.forms[index];
          if (target?.isConnected) target.requestSubmit();
          return false;
        }, form)
        .catch(() => true);
      sent += 1;
      if (left) break;
    }
    await page.waitForTimeout(sent > 0 ? 300 : 0);
    // A form sent by the browser, or one whose answer leads elsewhere, leaves the page: nothing to see then.
    const afterSending = await heldValues(page).catch(() => undefined);
    if (afterSending && new URL(page.url()).pathname === landed) {
      // What the answer replaced (an error page, since every request was refused) is not compared.
      const sent = filled.filter((field) => afterSending.byMark.has(field.index));
      lost.push(...compare(sent, afterSending, `${address} (na verzenden)`).lost);
    }
    return { address, filled: filled.length, lost, notAsked, links: pageLinks, landed };
  } finally {
    release();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  }
}

async function anonymousPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "nl-NL", timezoneId: "Europe/Amsterdam" });
  return context.newPage();
}

/** The addresses of the sweep: the route table's (with example parameters) and one content page per block. */
function sweepAddresses(): { addresses: string[]; withParameters: string[] } {
  const addresses = new Set<string>();
  const withParameters: string[] = [];
  for (const route of routePaths()) {
    const address = route.replace(/:(\w+)/g, (whole, name: string) => PARAMETERS[name] ?? whole);
    if (address.includes(":")) withParameters.push(address);
    else addresses.add(WITH_QUERY[address] ?? address);
  }
  // For each registered block, a page of the content that has it (one page per block: the same block on
  // another page is the same form), and the subscription form's own page.
  const content = contentPages();
  for (const pagePath of [...content.byBlock.values(), "/abonnement"]) addresses.add(pagePath);
  return { addresses: [...addresses], withParameters };
}

/** The shop's links on the pages (their server HTML), for the routes whose parameter has no example. */
async function linksOn(page: Page, addresses: readonly string[]): Promise<string[]> {
  const links = new Set<string>();
  for (const address of addresses) {
    const html = await (await page.request.get(address)).text();
    for (const [, href] of html.matchAll(/href="(\/[^"?#]*)/g)) if (href) links.add(href);
  }
  return [...links];
}

/**
 * The sweep in parts that run side by side (each a journey of its own, with its own player and basket):
 * every third address, and the routes with a parameter in the last part.
 */
const PARTS = 3;

test("every block of the local content is on a page the sweep opens", () => {
  const content = contentPages();
  expect(content.paths).toContain("/abonnement");
  const withoutPage = registeredBlockTypes().filter((type) => !content.byBlock.has(type));
  expect(withoutPage, "blocks that no page of the local content uses").toEqual([]);
});

for (let part = 0; part < PARTS; part += 1) {
  test(`every form of the shop keeps what the player entered before hydration, and sends it (part ${part + 1} of ${PARTS})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await logInThroughApi(page);
    // A ticket in the basket, so that checkout shows its form.
    await addOneTicket(page);

    // A draw that sells tickets, for the page that adds a ticket of one draw to the player's tickets.
    const details = await page.request.get("/api/tickets/mijn-lot-toevoegen/configurator/price-details");
    const { draws } = (await details.json()) as { draws: Array<{ drawId: number }> };
    PARAMETERS.drawId = String(draws[0]?.drawId);

    const all = sweepAddresses();
    const addresses = all.addresses.filter((_, index) => index % PARTS === part);
    const visits: Visit[] = [];
    const redirected: string[] = [];
    for (const address of addresses) {
      const result = await visit(page, address);
      visits.push(result);
      if (result.landed !== address.split("?")[0]) redirected.push(address);
    }
    // A route with a parameter the table has no example for: the first link of a page that fits.
    if (part === PARTS - 1) {
      const links = await linksOn(page, all.addresses);
      for (const route of all.withParameters) {
        const pattern = new RegExp(`^${route.replace(/:(\w+)/g, "[^/]+")}$`);
        const address = links.find((link) => pattern.test(link));
        expect(address, `a link to ${route}`).toBeDefined();
        if (address) visits.push(await visit(page, address));
      }
    }
    // Pages a player sees only when logged out (the portal's login and registration): in a new context.
    const anonymous = await anonymousPage(browser, baseURL);
    try {
      for (const address of redirected) visits.push(await visit(anonymous, address));
    } finally {
      await anonymous.context().close();
    }

    const filled = visits.reduce((sum, entry) => sum + entry.filled, 0);
    const forms = visits
      .filter((entry) => entry.filled > 0)
      .map((entry) => `${entry.address} (${entry.filled})`);
    test.info().annotations.push({
      type: "filled before hydration",
      description: `${filled} fields on ${forms.length} pages: ${forms.join(", ")}`,
    });
    console.log(`Filled ${filled} fields before hydration on ${forms.length} of ${visits.length} pages.`);
    const notAsked = visits.flatMap((entry) => entry.notAsked);
    if (notAsked.length > 0)
      test
        .info()
        .annotations.push({ type: "no longer asked after another choice", description: notAsked.join("; ") });
    expect(visits.flatMap((entry) => entry.lost)).toEqual([]);
    // The forms the issue names are among them, each in the part that opens its page.
    const actionCodePage = contentPages().byBlock.get("actionCode") ?? "/kerstactie";
    for (const address of ["/loten", "/abonnement", "/afrekenen", "/aanmelden", actionCodePage]) {
      if (!addresses.some((own) => own.split("?")[0] === address)) continue;
      expect(
        forms.some((form) => form.startsWith(`${address} `)),
        address,
      ).toBe(true);
    }
    if (part === PARTS - 1)
      expect(forms.some((form) => /^\/mijn\/abonnement\/[^/]+\/aanpassen /.test(form))).toBe(true);
  });
}
