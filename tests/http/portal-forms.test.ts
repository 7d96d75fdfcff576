import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { cookieClient } from "../support/cookie-client";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * The portal's forms as a browser without JavaScript sends them (DESIGN section 8: every form posts and
 * works without JavaScript; credentials never travel in a URL, nor into a log): form-encoded POSTs to the
 * pages' own actions, guarded by the page's anti-forgery token.
 */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.shutdown());

const WRONG_PASSWORD = "Verkeerd-Wachtwoord-77!";

/** A browser of the shop: keeps its cookies, follows no redirect. */
const browser = () => cookieClient(shop.url);

describe("the login form without JavaScript", () => {
  it("logs in with a form-encoded POST: 303 to the returnUrl with the session's cookies", async () => {
    const player = browser();
    const page = await player.request("/inloggen?returnUrl=%2Floten");
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    const form = /<form class="portal-form"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/inloggen?returnUrl=%2Floten"');
    const token = /name="RequestVerificationToken" value="([^"]+)"/.exec(html)?.[1] ?? "";

    const response = await player.postForm("/inloggen?returnUrl=%2Floten", {
      RequestVerificationToken: token,
      email: DEMO_PLAYER.email,
      password: DEMO_PLAYER.password,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/loten");
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/^kl_sid=/m);
    expect(cookies).toMatch(/^kl_ingelogd=1/m);
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const account = await player.request("/mijn");
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("Anna van der Berg");
  });

  it("sends the session's cookies with React Router's answer to the same form posted by JavaScript", async () => {
    const player = browser();
    const token = await player.formToken("/inloggen");
    const response = await player.postForm("/inloggen.data?returnUrl=%2Fmijn", {
      RequestVerificationToken: token,
      email: DEMO_PLAYER.email,
      password: DEMO_PLAYER.password,
    });
    expect(response.headers.getSetCookie().join("\n")).toMatch(/^kl_ingelogd=1/m);
    expect((await player.request("/mijn")).status).toBe(200);
  });

  it("shows a wrong password's Dutch message again with the e-mail address, never the password", async () => {
    const player = browser();
    const token = await player.formToken("/inloggen?returnUrl=%2Fmijn");
    const response = await player.postForm("/inloggen?returnUrl=%2Fmijn", {
      RequestVerificationToken: token,
      email: DEMO_PLAYER.email,
      password: WRONG_PASSWORD,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Het wachtwoord is niet juist.");
    expect(html).toContain(`value="${DEMO_PLAYER.email}"`);
    expect(html).not.toContain(WRONG_PASSWORD);
    expect(response.headers.getSetCookie().join("\n")).not.toMatch(/^kl_ingelogd=1/m);
  });

  it("refuses a POST without the page's token, and one from another site", async () => {
    const player = browser();
    const missing = await player.postForm("/inloggen", {
      email: DEMO_PLAYER.email,
      password: DEMO_PLAYER.password,
    });
    expect(missing.status).toBe(403);
    expect(await missing.text()).toContain("Dit formulier is verlopen. Probeer het opnieuw.");
    expect(missing.headers.getSetCookie().join("\n")).not.toMatch(/^kl_ingelogd=1/m);

    const forged = await player.postForm("/inloggen", {
      RequestVerificationToken: "vals",
      email: DEMO_PLAYER.email,
      password: DEMO_PLAYER.password,
    });
    expect(forged.status).toBe(403);

    const token = await player.formToken("/inloggen");
    const crossSite = await player.postForm(
      "/inloggen",
      { RequestVerificationToken: token, email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(400);
    expect(crossSite.headers.getSetCookie().join("\n")).not.toMatch(/^kl_ingelogd=1/m);
    expect(shop.logsMatching("portal_form_refused").length).toBeGreaterThanOrEqual(2);
  });

  it("reads only what a browser's form sends", async () => {
    const player = browser();
    const json = await player.request("/inloggen", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO_PLAYER.email, password: DEMO_PLAYER.password }),
    });
    expect(json.status).toBe(415);
    const huge = await player.postForm("/inloggen", { email: "a".repeat(20_000), password: "x" });
    expect(huge.status).toBe(413);
  });
});

describe("the registration form without JavaScript", () => {
  it("registers with a form-encoded POST and goes on to the completion step, logged in", async () => {
    const player = browser();
    const token = await player.formToken("/aanmelden?returnUrl=%2Fmijn");
    const email = `zonder.script.${Date.now()}@example.nl`;
    const response = await player.postForm("/aanmelden?returnUrl=%2Fmijn", {
      RequestVerificationToken: token,
      email,
      password: "Zonder-Script-2026!",
      firstName: "Sem",
      middleName: "",
      lastName: "Formulier",
      dateOfBirth: "1979-11-02",
      postalCode: "1234 AB",
      houseNumber: "12",
      houseNumberExtension: "",
      iban: "",
      acceptTerms: "on",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/aanmelden/voltooien?returnUrl=%2Fmijn");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/^kl_ingelogd=1/m);
    expect(await (await player.request("/mijn")).text()).toContain("Sem Formulier");
  });

  it("shows the field's Dutch message again with the names entered, never the password", async () => {
    const player = browser();
    const token = await player.formToken("/aanmelden");
    const response = await player.postForm("/aanmelden", {
      RequestVerificationToken: token,
      email: "te.jong@example.nl",
      password: "Te-Jong-2026!",
      firstName: "Tijn",
      lastName: "Tiener",
      dateOfBirth: `${new Date().getFullYear() - 16}-01-01`,
      postalCode: "1234 AB",
      houseNumber: "12",
      acceptTerms: "on",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("18 jaar");
    expect(html).toContain('value="Tijn"');
    expect(html).toContain('value="Tiener"');
    expect(html).toContain('value="te.jong@example.nl"');
    expect(html).not.toContain("Te-Jong-2026!");
  });
});

describe("credentials and the log", () => {
  it("a password in a portal page's address reaches neither the log nor the page", async () => {
    const secret = "Adres-Balk-Geheim-55";
    const response = await fetch(
      `${shop.url}/aanmelden?returnUrl=%2Fmijn&email=iemand%40example.nl&password=${secret}`,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain(secret);
    expect(html).toContain('href="/inloggen?returnUrl=%2Fmijn"');
    const login = await fetch(`${shop.url}/inloggen.data?password=${secret}&_routes=routes%2Flogin`);
    expect(login.status).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shop.logsMatching(secret)).toEqual([]);
    expect(shop.logsMatching("/aanmelden").some((entry) => entry.msg === "request")).toBe(true);
  });

  it("no log line of this run holds a password the forms were sent", () => {
    for (const password of [DEMO_PLAYER.password, WRONG_PASSWORD, "Zonder-Script-2026!", "Te-Jong-2026!"]) {
      expect(shop.logsMatching(password)).toEqual([]);
      expect(shop.logsMatching(encodeURIComponent(password))).toEqual([]);
    }
  });
});
