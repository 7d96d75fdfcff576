import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { subscriptionMessages } from "@/src/lib/messages";
import { cookieClient } from "../support/cookie-client";
import { startTestShop, type TestShop } from "../support/shop-server";
import { simulatorDecision } from "../support/shop-steps";

/**
 * Taking out a subscription as a browser without JavaScript does it, against the built shop and its seed
 * content: the form block on /abonnement sends the choice with GET, the sign-up step sends an anonymous
 * player to the login and back with every choice, the form post takes it out and goes to the payment page,
 * and the result page confirms it (or, for a failed payment, links back to the form with the choice).
 */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.shutdown());

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
  .map((month) => `&participatingMonths=${month}`)
  .join("");
/** A street, a fifth, XL and a fixed number in the trial: what the block's form sends. */
const STREET =
  "pageId=abonnement&formPage=%2Fabonnement&productType=Street&fractionType=ONE_FIFTH&withXl=true&quantity=1" +
  `&withFixedTicketNumber=true${MONTHS}&chosenPromotionId=proef-drie-maanden`;

/** An attribute value as the page means it (`&amp;` is `&`). */
const htmlText = (html: string) => html.replaceAll("&amp;", "&");
const hiddenValue = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";

/** Logs in through the portal's login form, as the redirect to it asks; answers where it sends the player. */
async function logIn(player: ReturnType<typeof cookieClient>, loginUrl: string) {
  const token = await player.formToken(loginUrl);
  const response = await player.postForm(loginUrl, {
    RequestVerificationToken: token,
    email: DEMO_PLAYER.email,
    password: DEMO_PLAYER.password,
  });
  expect(response.status).toBe(303);
  return response.headers.get("location")!;
}

/** Signs up for a choice from the sign-up page and answers the payment page's address. */
async function takeOut(player: ReturnType<typeof cookieClient>, path: string) {
  const page = await player.request(path);
  expect(page.status).toBe(200);
  const html = await page.text();
  const response = await player.postForm(path, {
    RequestVerificationToken: hiddenValue(html, "RequestVerificationToken"),
    iban: /id="subscription-iban"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? "",
    accountHolder: "Anna van der Berg",
    mandateAccepted: "true",
    issuer: "INGBNL2A",
  });
  expect(response.status, await response.clone().text()).toBe(303);
  return response.headers.get("location")!;
}

describe("taking out a subscription without JavaScript", () => {
  it("goes from the form block through login, the mandate and iDEAL to the confirmation and /mijn/abonnementen", async () => {
    const player = cookieClient(shop.url);
    const formPage = await (await player.request("/abonnement")).text();
    const form = /<form[^>]*aria-labelledby="[^"]*"[^>]*>/.exec(formPage)?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/abonnement/afsluiten"');
    expect(formPage).toContain("Proefabonnement: de eerste 3 trekkingen 50% korting");
    expect(formPage).toContain("Zo werkt betalen met automatische incasso");

    const signUpPath = `/abonnement/afsluiten?${STREET}`;
    const anonymous = await player.request(signUpPath);
    expect(anonymous.status).toBe(302);
    const login = anonymous.headers.get("location")!;
    expect(new URL(login, shop.url).searchParams.get("returnUrl")).toBe(signUpPath);
    expect(await logIn(player, login)).toBe(signUpPath);

    const signUp = await (await player.request(signUpPath)).text();
    expect(signUp).toContain(
      "Straat (10 loten), Vijfde lot, met XL, elke maand hetzelfde lotnummer, elke maand",
    );
    // The profile's account, filled in as the portal shows it; the shop takes it for the IBAN on file.
    expect(signUp).toMatch(/id="subscription-iban"[^>]*value="\*+3210"/);
    expect(signUp).toContain('value="Anna van der Berg"');
    expect(htmlText(signUp)).toContain(`href="/abonnement?${STREET}"`);

    const paymentPage = await takeOut(player, signUpPath);
    expect(paymentPage).toMatch(/^\/betaalsimulator\//);
    const paid = await player.request(paymentPage, simulatorDecision("approve"));
    expect(paid.status).toBe(303);
    const resultPath = paid.headers.get("location")!;
    expect(resultPath).toMatch(/^\/abonnement\/resultaat\?pageId=abonnement&transactionId=/);

    const result = await player.request(resultPath);
    expect(result.status).toBe(200);
    const confirmation = await result.text();
    expect(confirmation).toContain("Je abonnement is afgesloten");
    expect(confirmation).toContain("Kenmerk machtiging");
    expect(confirmation).toMatch(/\*+3210/);
    expect(result.headers.getSetCookie().join("\n")).toMatch(/^kl_subscription=; /m);

    const mine = await (await player.request("/mijn/abonnementen")).text();
    expect(mine).toContain("Actief");
    expect(mine).toContain("vast lotnummer");
    const overview = await (await player.request("/mijn")).text();
    expect(overview.replaceAll("<!-- -->", "")).toMatch(
      /Mijn abonnementen<\/a> <span class="muted">\(\d+ actie(f|ve) abonnement(en)?\)/,
    );

    // A Proefabonnement is once per player (issue 43): the same choice with the trial again is refused at
    // the step, with the reason, before any mandate or payment.
    const again = await (await player.request(signUpPath.replace("quantity=1", "quantity=3"))).text();
    expect(again).toContain("Pas je keuze aan");
    expect(again).toContain(subscriptionMessages.trialOnce);
  });

  it("shows a refused choice again with its messages, and links a failed payment back to the form with the choice", async () => {
    const player = cookieClient(shop.url);
    const bad = await player.request(`/abonnement/afsluiten?${STREET.replace("quantity=1", "quantity=0")}`);
    expect(bad.status).toBe(200);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Pas je keuze aan");
    expect(badHtml).toContain("Kies een aantal van 1 tot en met 10");

    // Without the trial: the demo player may have had hers (a Proefabonnement is once per player).
    const choice = STREET.replace("quantity=1", "quantity=2").replace(
      "&chosenPromotionId=proef-drie-maanden",
      "",
    );
    const signUpPath = `/abonnement/afsluiten?${choice}`;
    await logIn(player, (await player.request(signUpPath)).headers.get("location")!);
    const paymentPage = await takeOut(player, signUpPath);
    const failed = await player.request(paymentPage, simulatorDecision("fail"));
    const result = await (await player.request(failed.headers.get("location")!)).text();
    expect(result).toContain("Je betaling is mislukt. Er is geen abonnement afgesloten");
    expect(htmlText(result)).toContain(`href="/abonnement?${choice}"`);
  });
});
