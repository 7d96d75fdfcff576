import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieClient } from "../support/cookie-client";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * Issue 16's age gate as a browser without JavaScript goes through it, against the built shop: a player who
 * just registered opens the checkout, is sent to /mijn/leeftijdscontrole, chooses a bank, clicks through the
 * simulated bank, comes back on /leeftijdscontrole/terug and continues at the checkout; /mijn shows the
 * state, and the checkout asks no more.
 */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.shutdown());

const browser = () => cookieClient(shop.url);
const htmlText = (html: string) => html.replaceAll("&amp;", "&");
const field = (html: string, name: string) =>
  new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";

async function register(player: ReturnType<typeof browser>, email: string) {
  const registered = await player.postJson(
    "/api/authentication/register",
    {
      email,
      password: "Leeftijd-Check-2026!",
      firstName: "Noor",
      lastName: "Bakker",
      dateOfBirth: "1990-03-14",
      postalCode: "1234 AB",
      houseNumber: 7,
      acceptTerms: true,
    },
    await player.token("/api/authentication/get-token"),
  );
  expect(registered.status, await registered.clone().text()).toBe(200);
}

/** The simulated bank: log in, then share (or cancel) what it prefilled; answers the return address. */
async function throughBank(bankPage: string, action: "approve" | "cancel") {
  const bank = browser();
  const loggedIn = await bank.postForm(bankPage, { action: "login", username: "noor", password: "x" });
  expect(loggedIn.status).toBe(303);
  const sharePath = loggedIn.headers.get("location")!;
  const html = await (await bank.request(sharePath)).text();
  const decided = await bank.postForm(sharePath.split("?")[0]!, {
    token: field(html, "token"),
    action,
    name: field(html, "name"),
    birthDate: field(html, "birthDate"),
  });
  expect(decided.status).toBe(303);
  return new URL(decided.headers.get("location")!, shop.url);
}

describe("the age gate without JavaScript", () => {
  it("checkout -> Leeftijdscontrole -> the bank -> back at the checkout, validated; asked only once", async () => {
    const player = browser();
    await register(player, `leeftijd.${Date.now()}@example.nl`);

    const overview = await (await player.request("/mijn")).text();
    expect(overview).toContain("Leeftijd nog niet bevestigd");

    const gated = await player.request("/afrekenen");
    expect(gated.status).toBe(303);
    const agePage = gated.headers.get("location")!;
    expect(agePage).toBe("/mijn/leeftijdscontrole?returnUrl=%2Fafrekenen");

    const page = await player.request(agePage);
    expect(page.status).toBe(200);
    const html = htmlText(await page.text());
    expect(html).toContain("18 jaar en ouder");
    expect(html).toContain("Verder naar je bank");
    const issuer = /<option value="([^"]+)">/.exec(html)?.[1];
    expect(issuer).toBeTruthy();

    // No bank chosen: asked at the field.
    const none = await player.postForm(agePage, {
      RequestVerificationToken: field(html, "RequestVerificationToken"),
      issuerId: "",
    });
    expect(none.status).toBe(422);
    expect(await none.text()).toContain("Kies je bank");

    const started = await player.postForm(agePage, {
      RequestVerificationToken: field(html, "RequestVerificationToken"),
      issuerId: issuer!,
    });
    expect(started.status, await started.clone().text()).toBe(303);
    const bankPage = started.headers.get("location")!;
    expect(bankPage).toMatch(/\/idin-simulator\//);

    const back = await throughBank(bankPage, "approve");
    expect(back.pathname).toBe("/leeftijdscontrole/terug");
    const recorded = await player.request(back.pathname + back.search);
    expect(recorded.status).toBe(302);
    expect(recorded.headers.get("location")).toBe("/afrekenen");

    const checkout = await player.request("/afrekenen");
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain("Je leeftijd is bevestigd");
    expect(await (await player.request("/mijn")).text()).toContain("Leeftijd bevestigd");
    // Asked no more.
    expect((await player.request("/afrekenen")).status).toBe(200);
  });

  it("a cancelled authentication says so and links to try again, keeping the return address", async () => {
    const player = browser();
    await register(player, `afgebroken.${Date.now()}@example.nl`);
    const agePage = "/mijn/leeftijdscontrole?returnUrl=%2Fafrekenen";
    const html = htmlText(await (await player.request(agePage)).text());
    const started = await player.postForm(agePage, {
      RequestVerificationToken: field(html, "RequestVerificationToken"),
      issuerId: /<option value="([^"]+)">/.exec(html)![1]!,
    });
    const back = await throughBank(started.headers.get("location")!, "cancel");
    const page = await player.request(back.pathname + back.search);
    expect(page.status).toBe(200);
    const text = htmlText(await page.text());
    expect(text).toContain("Leeftijdscontrole afgebroken");
    expect(text).toContain('href="/mijn/leeftijdscontrole?returnUrl=%2Fafrekenen"');
    expect((await player.request("/afrekenen")).status).toBe(303);
  });
});
