import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { like } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { rateLimits } from "@/src/backend/db/schema";
import { login } from "@/src/contract/authentication";
import { hostileExamples } from "../support/hostile-targets";
import { BOTH_SHAPES, expect, type Topology, test, waitForHydration } from "./fixtures";

/**
 * Open redirects (issue 13) in a real browser: the portal pages get hostile return and cancel addresses
 * that lead to "the other host", a second server on 127.0.0.1; whatever the player does, the browser
 * stays on the shop (or its portal) and the other host never hears from it.
 */
const DEMO = { email: "speler@kroonloterij.example", password: "Kroonloterij2026!" };
/** Stands for the other host's address until its port is known. */
const OTHER = "other.invalid";
const hosts = { host: OTHER, lookAlikes: ["127.0.0.1", "localhost"] };
/**
 * The tricks a browser itself reads differently from the text (backslashes, tabs, dot segments, userinfo,
 * another scheme's spelling): every example and many generated targets are proven on the function
 * (property test, src/domain/portal/redirect-target.property.test.ts) and on each route's Location
 * (tests/http/redirects.test.ts); here a real browser follows one of each kind, where the browser's own
 * reading of the address could differ from the server's.
 */
const BROWSER_TRICKS = [/^\/\\other/, /^\/\t/, /\.\./, /^\/\/[^/]*@/, /^java\tscript:/];
const ALL_TARGETS = hostileExamples(hosts).filter((target) =>
  BROWSER_TRICKS.some((trick) => trick.test(target)),
);
/** The links' targets: the ones a browser resolves against the page's own address. */
const LINK_TARGETS = ALL_TARGETS.slice(0, 3);
/**
 * On the front end and API server (whose portal returns to another origin, the shop's), one target: the
 * checks are the same code as on one process, where all of them run; what the production shape adds, a
 * return address on another origin than the portal's, is exercised by it.
 */
const oneOnTwoProcesses = (targets: readonly string[], topology: Topology) =>
  topology === "two-process" ? targets.slice(0, 1) : targets;

let other: Server;
let otherHost = "";
const otherRequests: string[] = [];

test.beforeAll(async () => {
  other = createServer((req, res) => {
    otherRequests.push(req.url ?? "");
    res.end("the other host");
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherHost = `127.0.0.1:${(other.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => other.close(resolve));
});
/**
 * One login per target is more than the login's limit per client and minute allows (for this file and
 * the ones after it on the same shop): the count starts over after each login.
 */
async function forgetLogins(backend: { embedded?: { db: Db } }) {
  await backend.embedded?.db
    .delete(rateLimits)
    .where(like(rateLimits.key, `${login.method} ${login.path}|%`));
}

/** The target with the other host's real address (in any letter case) in place of the placeholder. */
const aimedAtOther = (target: string) => target.replace(/other\.invalid/gi, otherHost);

async function expectOnShop(page: Page, allowed: readonly string[]) {
  const { origin } = new URL(page.url());
  expect(allowed, `ended on ${page.url()}`).toContain(origin);
  expect(otherRequests, "requests that reached the other host").toEqual([]);
}

const originsOf = (...servers: Array<{ url: string }>) => servers.map(({ url }) => new URL(url).origin);

/**
 * Every target in one browser page, logged out (its cookies cleared) before the next: a page of its own
 * for each target would load the shop's scripts anew each time, which was most of the journey's time.
 */
test("log in with each hostile returnUrl: back on the shop, logged in", { tag: BOTH_SHAPES }, async ({
  page,
  shop,
  backend,
  topology,
}) => {
  for (const [index, target] of oneOnTwoProcesses(ALL_TARGETS, topology).entries()) {
    await test.step(`hostile returnUrl #${index} ${JSON.stringify(target)}`, async () => {
      await page.context().clearCookies();
      await page.goto(`/inloggen?returnUrl=${encodeURIComponent(aimedAtOther(target))}`);
      await waitForHydration(page);
      await page.getByLabel("E-mailadres").fill(DEMO.email);
      await page.getByLabel("Wachtwoord").fill(DEMO.password);
      await page.getByRole("button", { name: "Inloggen" }).click();
      await expect(page).not.toHaveURL(/\/inloggen/);
      await expectOnShop(page, originsOf(shop, backend));
      await expect(page.getByRole("status", { name: "Meldingen" })).toContainText("Je bent ingelogd.");
      await forgetLogins(backend);
    });
  }
});

test("the login page's cancel link with hostile targets stays on the shop", { tag: BOTH_SHAPES }, async ({
  page,
  shop,
  backend,
  topology,
}) => {
  for (const target of oneOnTwoProcesses(LINK_TARGETS, topology)) {
    await page.goto(`/inloggen?returnUrl=%2F&cancelUrl=${encodeURIComponent(aimedAtOther(target))}`);
    await page.getByRole("link", { name: "Annuleren" }).click();
    await expect(page).not.toHaveURL(/\/inloggen/);
    await expectOnShop(page, originsOf(shop, backend));
  }
});

test("the completion step's link with hostile targets stays on the shop", { tag: BOTH_SHAPES }, async ({
  page,
  shop,
  backend,
  topology,
}) => {
  for (const target of oneOnTwoProcesses(LINK_TARGETS, topology)) {
    await page.goto(`/aanmelden/voltooien?returnUrl=${encodeURIComponent(aimedAtOther(target))}`);
    await page.getByRole("link", { name: "Verder" }).click();
    await expect(page).not.toHaveURL(/\/voltooien/);
    await expectOnShop(page, originsOf(shop, backend));
  }
});
