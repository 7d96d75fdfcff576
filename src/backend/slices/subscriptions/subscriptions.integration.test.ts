import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, lte, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  draws,
  jobs,
  outboxEmails,
  players,
  subscriptionCollections,
  subscriptionItems,
  subscriptionOrders,
  subscriptions,
  sweepstakeEntries,
  tickets,
} from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { settleSubscriptionPayment } from "@/src/backend/slices/subscriptions/sign-up.server";
import type { SubscriptionPriceDetails, SubscriptionQuote } from "@/src/contract/subscriptions";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { drawMonth, type SubscriptionPageOffer } from "@/src/domain/subscriptions/plan";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { subscriptionMessages } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import {
  type ApiHarness,
  cookieClient,
  startApiHarness,
  TEST_SUBSCRIPTION_OFFERS,
} from "@/tests/support/api-harness";
import { capturedLogger } from "@/tests/support/captured-logs";
import { logInThroughApi, simulatorDecision } from "@/tests/support/shop-steps";
import { validatedPlayer } from "@/tests/support/validated-player";
import { createPlayer } from "../portal/handlers";

/**
 * Subscriptions against a real database and the payment simulator: prices only from the server, the
 * page's own promotion only, one sign-up per transaction id, a subscription only for a paid first payment
 * (exactly one, however often it is settled), and a sweepstake decided once, on the server.
 */
let api: ApiHarness;

const DUTCH_IBAN = "NL91ABNA0417164300";
const GERMAN_IBAN = "DE89370400440532013000";
const WINNER_PAGE = "abonnement-winnaar";
const ENDED_PAGE = "abonnement-afgelopen";
const OFFERS: SubscriptionPageOffer[] = [
  ...TEST_SUBSCRIPTION_OFFERS,
  {
    pageId: WINNER_PAGE,
    sweepstake: {
      id: "een-winnaar",
      prizeText: "Een weekend weg",
      numberOfPrizes: 1,
      oddsOneIn: 1,
      endsAt: new Date(Date.now() + 30 * 86_400_000),
    },
  },
  {
    pageId: ENDED_PAGE,
    sweepstake: {
      id: "voorbij",
      prizeText: "Een fiets",
      numberOfPrizes: 5,
      oddsOneIn: 1,
      endsAt: new Date(Date.now() - 86_400_000),
    },
  },
];

const OTHER_PLAYER = { email: "abonnee.twee@example.nl", password: "Abonnee-Twee-2026!" };

beforeAll(async () => {
  api = await startApiHarness({ subscriptionOffers: OFFERS });
  await createPlayer(api.database.db, {
    email: OTHER_PLAYER.email,
    passwordHash: await hashPassword(OTHER_PLAYER.password),
    firstName: "Bram",
    lastName: "de Vries",
    birthDate: "1985-02-01",
    street: "Dorpsstraat",
    houseNumber: 3,
    postalCode: "1234AB",
    city: "Kroondorp",
  });
  // An adult whose age iDIN confirmed: what refuses her is the transaction, not her age.
  await api.database.db
    .update(players)
    .set({ validationState: "Validated" })
    .where(eq(players.email, OTHER_PLAYER.email));
});
afterAll(() => api?.close());

async function loggedIn(account: { email: string; password: string } = DEMO_PLAYER) {
  const client = cookieClient(api.url);
  return { client, token: await logInThroughApi(client, account) };
}

/**
 * A new adult player: her first subscription may have the page's trial, which a player gets once (issue
 * 43), so a test about something else takes out its trial street with her rather than the demo player.
 */
const newPlayer = () => validatedPlayer(api, { emailPrefix: "abonnee" });

/** A fifth of a street with XL and a fixed number, all months, with the page's trial. */
function streetChoice(overrides: Record<string, unknown> = {}) {
  return {
    productType: "Street",
    fractionType: "ONE_FIFTH",
    withXl: true,
    quantity: 1,
    withFixedTicketNumber: true,
    chosenPromotionId: "proef-drie-maanden",
    ...overrides,
  };
}

function signUp(overrides: Record<string, unknown> = {}) {
  return {
    ...streetChoice(),
    transactionId: randomUUID(),
    iban: "nl91 abna 0417 1643 00",
    accountHolder: "A. van der Berg",
    mandateAccepted: true,
    ...overrides,
  };
}

/** The regular draws of the classic lottery on sale, in date order, as the database has them. */
async function regularDrawsOnSale() {
  return api.database.db
    .select()
    .from(draws)
    .where(and(eq(draws.gameType, "KROON"), eq(draws.kind, "regular"), gt(draws.salesCloseAt, new Date())))
    .orderBy(asc(draws.drawAt));
}

async function openDrawOf(condition: SQL | undefined) {
  const [draw] = await api.database.db
    .select()
    .from(draws)
    .where(and(condition, gt(draws.salesCloseAt, new Date())))
    .orderBy(asc(draws.drawAt))
    .limit(1);
  if (!draw) throw new Error("The seed has no such draw on sale");
  return draw;
}

/** Plays the player's part on the simulator's payment page; answers where it sends the browser. */
async function decide(paymentUrl: string, action: "approve" | "cancel" | "fail") {
  const response = await fetch(`${api.url}${paymentUrl}`, {
    ...simulatorDecision(action),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  return response.headers.get("location");
}

async function expectProblem(response: Response, status: number, field: string, message: string) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/problem+json");
  const problem = JSON.parse(text) as { errors?: Record<string, string[]> };
  expect(problem.errors?.[field], text).toContain(message);
}

/** Takes out a subscription and pays its first amount; answers the transaction id and the started sign-up. */
async function takeOut(
  session: Awaited<ReturnType<typeof loggedIn>>,
  pageId: string,
  overrides: Record<string, unknown> = {},
  action: "approve" | "fail" | "cancel" | null = "approve",
) {
  const body = signUp(overrides);
  const response = await session.client.postJson(`/api/subscriptions/${pageId}`, body, session.token);
  expect(response.status, await response.clone().text()).toBe(200);
  const started = (await response.json()) as { redirectUrl: string; firstAmountInCents: number };
  if (action) await decide(started.redirectUrl, action);
  return { transactionId: body.transactionId as string, body, started };
}

describe("price details", () => {
  it("answers the catalogue priced per regular draw, the first draw on sale and what the editor attached", async () => {
    const response = await fetch(`${api.url}/api/subscriptions/abonnement/configurator/price-details`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=5");
    const details = (await response.json()) as SubscriptionPriceDetails;
    expect(details.products).toHaveLength(6);
    expect(details.products).toContainEqual(
      expect.objectContaining({
        productType: "Street",
        fractionType: "ONE_FIFTH",
        units: 10,
        pricePerDrawInCents: 3_500,
        pricePerDrawWithXlInCents: 4_000,
      }),
    );
    expect(details.products).toContainEqual(
      expect.objectContaining({
        productType: "SingleTicket",
        fractionType: "WHOLE",
        pricePerDrawInCents: 1_750,
      }),
    );
    expect(details.maxQuantity).toBe(10);
    expect(details.months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const [first] = await regularDrawsOnSale();
    expect(details.firstDraw?.drawId).toBe(first?.id);
    expect(details.promotion).toEqual({
      id: "proef-drie-maanden",
      label: "Proefabonnement",
      draws: 3,
      discountPercent: 50,
      trial: true,
    });
    expect(details.sweepstake).toBeNull();

    const withSweepstake = await (
      await fetch(`${api.url}/api/subscriptions/abonnement-actie/configurator/price-details`)
    ).json();
    expect(withSweepstake.promotion).toBeNull();
    expect(withSweepstake.sweepstake).toMatchObject({ prizeText: "Een ballonvaart voor twee", open: true });
    const ended = await (
      await fetch(`${api.url}/api/subscriptions/${ENDED_PAGE}/configurator/price-details`)
    ).json();
    expect(ended.sweepstake).toMatchObject({ open: false });
  });

  it("answers 404 with a Dutch message for a page without a subscription form", async () => {
    const response = await fetch(`${api.url}/api/subscriptions/bestaat-niet/configurator/price-details`);
    await expectProblem(response, 404, "pageId", subscriptionMessages.unknownPage);
  });
});

describe("products", () => {
  it("lists a regular draw's products and refuses other draws", async () => {
    const regular = await openDrawOf(and(eq(draws.gameType, "KROON"), eq(draws.kind, "regular")));
    const ok = await fetch(
      `${api.url}/api/subscriptions/configurator/products?drawId=${regular.id}&gameType=KROON`,
    );
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ drawId: regular.id, gameType: "KROON" });
    expect(body.products).toHaveLength(6);

    const unknown = await fetch(
      `${api.url}/api/subscriptions/configurator/products?drawId=99999&gameType=KROON`,
    );
    expect(unknown.status).toBe(404);

    const [closed] = await api.database.db
      .select()
      .from(draws)
      .where(and(eq(draws.gameType, "KROON"), eq(draws.kind, "regular"), lte(draws.salesCloseAt, new Date())))
      .limit(1);
    await expectProblem(
      await fetch(`${api.url}/api/subscriptions/configurator/products?drawId=${closed?.id}&gameType=KROON`),
      422,
      "drawId",
      subscriptionMessages.drawClosed,
    );

    const special = await openDrawOf(and(eq(draws.gameType, "KROON"), eq(draws.kind, "yearEnd")));
    await expectProblem(
      await fetch(`${api.url}/api/subscriptions/configurator/products?drawId=${special.id}&gameType=KROON`),
      422,
      "drawId",
      subscriptionMessages.notRegularDraw,
    );
    await expectProblem(
      await fetch(
        `${api.url}/api/subscriptions/configurator/products?drawId=${regular.id}&gameType=MILJOENENSPEL`,
      ),
      422,
      "gameType",
      subscriptionMessages.gameMismatch,
    );

    // The million game has no subscription products: an open draw of it lists none.
    const millionGame = await openDrawOf(eq(draws.gameType, "MILJOENENSPEL"));
    const none = await fetch(
      `${api.url}/api/subscriptions/configurator/products?drawId=${millionGame.id}&gameType=MILJOENENSPEL`,
    );
    expect(none.status).toBe(200);
    expect((await none.json()).products).toEqual([]);
  });

  it("filters the catalogue", async () => {
    const street = await (
      await fetch(
        `${api.url}/api/subscriptions/products?productType=Street&fractionType=ONE_FIFTH&withXl=true`,
      )
    ).json();
    expect(street.products).toEqual([
      expect.objectContaining({
        productType: "Street",
        fractionType: "ONE_FIFTH",
        pricePerDrawWithXlInCents: 4_000,
      }),
    ]);
    const all = await (await fetch(`${api.url}/api/subscriptions/products`)).json();
    expect(all.products).toHaveLength(6);
    const millionGame = await (
      await fetch(`${api.url}/api/subscriptions/products?gameType=MILJOENENSPEL`)
    ).json();
    expect(millionGame.products).toEqual([]);
    const half = await fetch(`${api.url}/api/subscriptions/products?fractionType=HALF`);
    expect(half.status).toBe(400);
  });
});

describe("verifying a choice", () => {
  it("prices a trial street: the first draws at half price, then the full amount", async () => {
    const client = cookieClient(api.url);
    const response = await client.postJson(
      "/api/subscriptions/verify/abonnement",
      streetChoice({ quantity: 2 }),
      await client.token(),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const quote = (await response.json()) as SubscriptionQuote;
    expect(quote.items).toHaveLength(2);
    expect(quote.items[0]).toMatchObject({
      productType: "Street",
      fractionType: "ONE_FIFTH",
      withXl: true,
      endDigits: null,
      withFixedTicketNumber: true,
      multiplier: 1,
      pricePerDrawInCents: 4_000,
    });
    expect(quote.monthlyAmountInCents).toBe(8_000);
    expect(quote.firstAmountInCents).toBe(4_000);
    expect(quote.promotion?.id).toBe("proef-drie-maanden");
    const onSale = await regularDrawsOnSale();
    expect(quote.firstDraw.drawId).toBe(onSale[0]?.id);
    expect(quote.schedule.map((draw) => draw.drawId)).toEqual(onSale.slice(0, 6).map((draw) => draw.id));
    quote.schedule.forEach((draw, index) => {
      expect(draw).toMatchObject(
        index < 3
          ? { amountInCents: 4_000, purchaseType: "TrialSubscription" }
          : { amountInCents: 8_000, purchaseType: "Subscription" },
      );
    });
  });

  it("gives the end digits to the first items of single tickets and skips months the player left out", async () => {
    const onSale = await regularDrawsOnSale();
    const second = onSale[1];
    if (!second) throw new Error("The seed has fewer than two regular draws on sale");
    const months = [drawMonth(second.drawAt)];
    for (let month = 1; months.length < 3; month++) {
      if (!onSale.some((draw) => drawMonth(draw.drawAt) === month)) months.push(month);
    }
    const client = cookieClient(api.url);
    const response = await client.postJson(
      "/api/subscriptions/verify/abonnement",
      {
        productType: "SingleTicket",
        fractionType: "WHOLE",
        quantity: 3,
        multiplier: 2,
        endDigits: [
          [1, 2],
          [-1, -1],
        ],
        participatingMonths: months,
      },
      await client.token(),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const quote = (await response.json()) as SubscriptionQuote;
    expect(quote.items.map((item) => item.endDigits)).toEqual([[1, 2], null, null]);
    expect(quote.items[0]?.participatingMonths).toEqual([...months].sort((a, b) => a - b));
    expect(quote.promotion).toBeNull();
    expect(quote.firstDraw.drawId).toBe(second.id);
    expect(quote.monthlyAmountInCents).toBe(3 * 2 * 1_750);
    expect(quote.firstAmountInCents).toBe(quote.monthlyAmountInCents);
    expect(quote.schedule.map((draw) => draw.drawId)).toEqual([second.id]);
  });

  it("refuses each bad choice with its field and Dutch message", async () => {
    const onSale = await regularDrawsOnSale();
    const unplayable = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
      .filter((month) => !onSale.some((draw) => drawMonth(draw.drawAt) === month))
      .slice(0, 3);
    const client = cookieClient(api.url);
    const token = await client.token();
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ endDigits: [[-1, 7]] }, 422, "endDigits", subscriptionMessages.endDigitsOnlySingle],
      [
        { productType: "Boulevard", endDigits: [[3, 7]] },
        422,
        "endDigits",
        subscriptionMessages.endDigitsOnlySingle,
      ],
      [
        {
          productType: "SingleTicket",
          endDigits: [
            [1, 2],
            [3, 4],
          ],
        },
        422,
        "endDigits",
        subscriptionMessages.tooManyEndDigits,
      ],
      [{ quantity: 0 }, 400, "quantity", subscriptionMessages.quantity(10)],
      [{ quantity: 1_000_000 }, 400, "quantity", subscriptionMessages.quantity(10)],
      [{ chosenPromotionId: "gratis-jaar" }, 422, "chosenPromotionId", subscriptionMessages.promotion],
      // No promotion id of any page (not a slug): refused by shape, with the same Dutch message.
      [{ chosenPromotionId: "Gratis Jaar!" }, 400, "chosenPromotionId", subscriptionMessages.promotion],
      [{ participatingMonths: [1, 2] }, 400, "participatingMonths", subscriptionMessages.months(3)],
      [{ participatingMonths: unplayable }, 422, "participatingMonths", subscriptionMessages.noDraw],
    ];
    for (const [bad, status, field, message] of cases) {
      const response = await client.postJson(
        "/api/subscriptions/verify/abonnement",
        streetChoice(bad),
        token,
      );
      await expectProblem(response, status, field, message);
    }
    // Another page's promotion is not this page's.
    const elsewhere = await client.postJson(
      "/api/subscriptions/verify/abonnement-actie",
      streetChoice(),
      token,
    );
    await expectProblem(elsewhere, 422, "chosenPromotionId", subscriptionMessages.promotion);
    const unknown = await client.postJson("/api/subscriptions/verify/bestaat-niet", streetChoice(), token);
    await expectProblem(unknown, 404, "pageId", subscriptionMessages.unknownPage);
  });
});

describe("taking out a subscription", () => {
  it("needs a login", async () => {
    const client = cookieClient(api.url);
    const response = await client.postJson("/api/subscriptions/abonnement", signUp(), await client.token());
    expect(response.status).toBe(401);
    for (const path of [
      "/api/subscriptions",
      "/api/subscriptions/items/500001",
      `/api/subscriptions/abonnement/orders/${randomUUID()}`,
      `/api/subscriptions/abonnement/sweepstake/${randomUUID()}/result`,
    ]) {
      expect((await client.request(path)).status, path).toBe(401);
    }
  });

  it("refuses a bad IBAN, a foreign one, an unaccepted mandate and a missing account holder, storing nothing", async () => {
    const session = await loggedIn();
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ iban: "NL91ABNA0417164301" }, 422, "iban", subscriptionMessages.iban],
      [{ iban: "geen iban" }, 422, "iban", subscriptionMessages.iban],
      [{ iban: GERMAN_IBAN }, 422, "iban", subscriptionMessages.ibanCountry],
      // Longer than any IBAN (the shop's form sends up to 80 characters): the same Dutch message.
      [{ iban: `NL91ABNA0417164300${"0".repeat(60)}` }, 400, "iban", subscriptionMessages.iban],
      [{ mandateAccepted: false }, 400, "mandateAccepted", subscriptionMessages.mandate],
      [{ accountHolder: "  " }, 400, "accountHolder", subscriptionMessages.accountHolder],
      [{ endDigits: [[-1, 7]] }, 422, "endDigits", subscriptionMessages.endDigitsOnlySingle],
      [{ chosenPromotionId: "gratis-jaar" }, 422, "chosenPromotionId", subscriptionMessages.promotion],
    ];
    for (const [bad, status, field, message] of cases) {
      const body = signUp(bad);
      const response = await session.client.postJson("/api/subscriptions/abonnement", body, session.token);
      await expectProblem(response, status, field, message);
      const stored = await api.database.db
        .select()
        .from(subscriptionOrders)
        .where(eq(subscriptionOrders.transactionId, body.transactionId));
      expect(stored).toHaveLength(0);
    }
    const unknown = await session.client.postJson("/api/subscriptions/bestaat-niet", signUp(), session.token);
    await expectProblem(unknown, 404, "pageId", subscriptionMessages.unknownPage);
  });

  it("takes out a trial street once: one payment per transaction id, the subscription once it is paid", async () => {
    const session = await loggedIn();
    const body = signUp();
    // The form shows the mandate's id before the player signs it: the quote names it for the sign-up's id.
    const choice = streetChoice();
    const quoted = await (
      await session.client.postJson(
        "/api/subscriptions/verify/abonnement",
        { ...choice, transactionId: body.transactionId },
        session.token,
      )
    ).json();
    expect(quoted.mandateId).toMatch(/^KRL-[A-Z0-9]{10}$/);
    const anonymousQuote = await (
      await session.client.postJson("/api/subscriptions/verify/abonnement", choice, session.token)
    ).json();
    expect(anonymousQuote.mandateId).toBeNull();
    const store = () => session.client.postJson("/api/subscriptions/abonnement", body, session.token);
    // A double click: two requests with one transaction id make one sign-up and one payment.
    const [first, second] = await Promise.all([store(), store()]);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(second.status, await second.clone().text()).toBe(200);
    const started = await first.json();
    expect(started).toMatchObject({
      transactionId: body.transactionId,
      status: "pending",
      firstAmountInCents: 2_000,
    });
    expect((await second.json()).redirectUrl).toBe(started.redirectUrl);
    expect(started.redirectUrl).toMatch(/^\/betaalsimulator\//);
    expect(first.headers.get("cache-control")).toBe("private, no-store");

    // The promotion's price is what the provider is asked to collect.
    const paymentId = started.redirectUrl.split("/").pop() as string;
    expect((await api.payments.getPayment(paymentId))?.amountCents).toBe(2_000);

    // The same transaction id with another choice while it is open replaces the sign-up (issue 40):
    // subscription-sign-up-once.integration.test.ts.

    // Nothing exists before the payment.
    const pending = await session.client.request(
      `/api/subscriptions/abonnement/orders/${body.transactionId}`,
    );
    expect(pending.status).toBe(200);
    expect(await pending.json()).toMatchObject({ status: "pending", subscription: null, sweepstake: null });

    const location = await decide(started.redirectUrl, "approve");
    expect(location).toBe(`/abonnement/resultaat?pageId=abonnement&transactionId=${body.transactionId}`);

    const response = await session.client.request(
      `/api/subscriptions/abonnement/orders/${body.transactionId}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const result = await response.json();
    const [firstDraw] = await regularDrawsOnSale();
    expect(result).toMatchObject({
      status: "paid",
      firstAmountInCents: 2_000,
      monthlyAmountInCents: 4_000,
      firstDraw: { drawId: firstDraw?.id },
      sweepstake: null,
    });
    expect(result.subscription).toMatchObject({
      status: "active",
      pageId: "abonnement",
      startDraw: { drawId: firstDraw?.id },
      monthlyAmountInCents: 4_000,
      mandate: { ibanMasked: "**************4300", accountHolder: "A. van der Berg" },
      promotion: { id: "proef-drie-maanden", label: "Proefabonnement", trial: true },
      items: [
        {
          productType: "Street",
          fractionType: "ONE_FIFTH",
          withXl: true,
          endDigits: null,
          withFixedTicketNumber: true,
          participatingMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          multiplier: 1,
          pricePerDrawInCents: 4_000,
        },
      ],
    });
    // The mandate the form showed is the one the subscription has.
    expect(result.subscription.mandate.mandateId).toBe(quoted.mandateId);

    // Stored once: the subscription with its mandate, its item, the e-mail and the job that issues it.
    const [order] = await api.database.db
      .select()
      .from(subscriptionOrders)
      .where(eq(subscriptionOrders.transactionId, body.transactionId));
    const [subscription] = await api.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, order?.subscriptionId ?? 0));
    expect(subscription).toMatchObject({ iban: DUTCH_IBAN, status: "active", startDrawId: firstDraw?.id });
    expect(subscription?.promotion).toMatchObject({ id: "proef-drie-maanden", trial: true });
    expect(order?.request).toMatchObject({
      mandate: { iban: DUTCH_IBAN, accountHolder: "A. van der Berg" },
      promotion: { id: "proef-drie-maanden" },
      sweepstake: null,
    });
    const mails = await api.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subscriptionOrderId, order?.id ?? ""));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: "subscription-confirmation",
      recipient: DEMO_PLAYER.email,
      playerId: order?.playerId,
    });
    // What plays from which draw, what is collected, the promotion and the mandate, as values.
    expect(mails[0]?.data).toMatchObject({
      firstName: "Anna",
      subscriptionId: subscription?.id,
      startDraw: { name: firstDraw?.name, date: amsterdamIsoDate(firstDraw?.drawAt ?? new Date(0)) },
      items: [{ description: expect.stringContaining("Straat"), pricePerDrawCents: 4_000 }],
      months: null,
      promotion: { label: "Proefabonnement", draws: 3, discountPercent: 50 },
      monthlyCents: 4_000,
      firstCents: 2_000,
      ibanMasked: "**************4300",
      accountHolder: "A. van der Berg",
      mandateId: subscription?.mandateId,
      mandateDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      subscriptionsPath: "/mijn/abonnementen",
      // The first draw is collected at the promotion's price: the first payment.
      schedule: expect.arrayContaining([
        expect.objectContaining({ name: firstDraw?.name, amountCents: 2_000 }),
      ]),
    });
    const queued = await api.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `issue-subscription:${subscription?.id}`));
    expect(queued).toHaveLength(1);
    expect(queued[0]?.payload).toEqual({ subscriptionId: subscription?.id });

    // Replays: the same transaction again, and a notification of its payment again.
    const again = await store();
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("TransactionAlreadyProcessedError");
    const notify = await fetch(`${api.url}/api/payments/notify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `id=${paymentId}`,
    });
    expect(notify.status).toBe(200);
    const created = await api.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.mandateId, subscription?.mandateId ?? ""));
    expect(created).toHaveLength(1);

    // The player's overview and the item.
    const list = await session.client.request("/api/subscriptions");
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const mine = (await list.json()).subscriptions as Array<Record<string, unknown> & { id: number }>;
    const listed = mine.find((entry) => entry.id === subscription?.id);
    expect(listed).toMatchObject({ status: "active", monthlyAmountInCents: 4_000 });
    expect(listed?.nextDraw).not.toBeNull();
    const itemId = result.subscription.items[0].id as number;
    const item = await session.client.request(`/api/subscriptions/items/${itemId}`);
    expect(item.status).toBe(200);
    expect(item.headers.get("cache-control")).toBe("private, no-store");
    expect(await item.json()).toMatchObject({
      id: itemId,
      subscriptionId: subscription?.id,
      subscriptionStatus: "active",
      productType: "Street",
      lastTickets: expect.any(Array),
    });
  });

  it("gives a player the trial once (issue 43): not again after a paid trial, also once it is cancelled", async () => {
    const session = await newPlayer();
    // A failed first payment made no subscription: the trial is still hers.
    await takeOut(session, "abonnement", {}, "fail");
    const { transactionId } = await takeOut(session, "abonnement");
    const [first] = await api.database.db
      .select()
      .from(subscriptionOrders)
      .where(eq(subscriptionOrders.transactionId, transactionId));
    expect(first?.status).toBe("paid");

    const verify = (body: Record<string, unknown>) =>
      session.client.postJson("/api/subscriptions/verify/abonnement", body, session.token);
    await expectProblem(
      await verify(streetChoice()),
      422,
      "chosenPromotionId",
      subscriptionMessages.trialOnce,
    );
    // Someone not logged in (the form before the login) is still shown the trial's price.
    const visitor = cookieClient(api.url);
    const anonymous = await visitor.postJson(
      "/api/subscriptions/verify/abonnement",
      streetChoice(),
      await visitor.token(),
    );
    expect(anonymous.status).toBe(200);
    expect(((await anonymous.json()) as SubscriptionQuote).promotion?.id).toBe("proef-drie-maanden");

    const again = signUp();
    const refused = await session.client.postJson("/api/subscriptions/abonnement", again, session.token);
    await expectProblem(refused, 422, "chosenPromotionId", subscriptionMessages.trialOnce);
    const stored = await api.database.db
      .select()
      .from(subscriptionOrders)
      .where(eq(subscriptionOrders.transactionId, again.transactionId as string));
    expect(stored).toHaveLength(0);

    // Cancelled, the trial she had still counts; without the trial she signs up at the normal price.
    await api.database.db
      .update(subscriptions)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(subscriptions.playerId, session.playerId));
    await expectProblem(
      await verify(streetChoice()),
      422,
      "chosenPromotionId",
      subscriptionMessages.trialOnce,
    );
    const plain = await verify(streetChoice({ chosenPromotionId: undefined }));
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as SubscriptionQuote).promotion).toBeNull();
    const { started } = await takeOut(session, "abonnement", { chosenPromotionId: undefined }, null);
    expect(started.firstAmountInCents).toBe(4_000);
  });

  it("does not show one player's sign-up or item to another, nor let them take over its transaction", async () => {
    const owner = await newPlayer();
    const { transactionId, body, started } = await takeOut(owner, "abonnement", {}, null);
    const intruder = await loggedIn(OTHER_PLAYER);
    const seen = await intruder.client.request(`/api/subscriptions/abonnement/orders/${transactionId}`);
    expect(seen.status).toBe(404);
    const result = await intruder.client.request(
      `/api/subscriptions/abonnement/sweepstake/${transactionId}/result`,
    );
    expect(result.status).toBe(404);
    const taken = await intruder.client.postJson("/api/subscriptions/abonnement", body, intruder.token);
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe("TransactionAlreadyProcessedError");
    // Under another page id the order is not found either.
    expect(
      (await owner.client.request(`/api/subscriptions/abonnement-actie/orders/${transactionId}`)).status,
    ).toBe(404);

    await decide(started.redirectUrl, "approve");
    const order = await (
      await owner.client.request(`/api/subscriptions/abonnement/orders/${transactionId}`)
    ).json();
    const itemId = order.subscription.items[0].id as number;
    expect((await intruder.client.request(`/api/subscriptions/items/${itemId}`)).status).toBe(404);
    expect((await owner.client.request("/api/subscriptions/items/999999999")).status).toBe(404);
    const theirs = await (await intruder.client.request("/api/subscriptions")).json();
    expect(theirs.subscriptions).toEqual([]);
  });

  it("creates nothing for a failed first payment, and a retry of that transaction says to try again", async () => {
    const session = await newPlayer();
    const { transactionId, body } = await takeOut(session, "abonnement", {}, "fail");
    const result = await (
      await session.client.request(`/api/subscriptions/abonnement/orders/${transactionId}`)
    ).json();
    expect(result).toMatchObject({ status: "failed", subscription: null });
    const [order] = await api.database.db
      .select()
      .from(subscriptionOrders)
      .where(eq(subscriptionOrders.transactionId, transactionId));
    expect(order?.subscriptionId).toBeNull();
    const mails = await api.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subscriptionOrderId, order?.id ?? ""));
    expect(mails).toHaveLength(0);
    const retry = await session.client.postJson("/api/subscriptions/abonnement", body, session.token);
    expect(retry.status).toBe(409);
    expect((await retry.json()).code).toBe("TransactionRolledbackError");
    // The choice is kept by the form: the same choice under a new transaction id is taken out.
    const fresh = await session.client.postJson(
      "/api/subscriptions/abonnement",
      { ...body, transactionId: randomUUID() },
      session.token,
    );
    expect(fresh.status).toBe(200);
  });

  it("creates exactly one subscription when a paid sign-up is settled several times at once", async () => {
    const session = await newPlayer();
    const { transactionId, started } = await takeOut(session, "abonnement", { quantity: 3 }, null);
    const paymentId = started.redirectUrl.split("/").pop() as string;
    // A provider that says paid, asked by three settlements at the same moment (return page, webhook, retry).
    const paid: PaymentProvider = {
      createPayment: () => Promise.reject(new Error("not used")),
      getPayment: async (id) => ({
        paymentId: id,
        status: "paid",
        amountCents: started.firstAmountInCents,
        reference: "sign-up",
        method: "ideal",
      }),
    };
    const { logger } = capturedLogger();
    const services = { db: api.database.db, payments: paid, logger, now: () => new Date() };
    const outcomes = await Promise.all([1, 2, 3].map(() => settleSubscriptionPayment(services, paymentId)));
    expect(outcomes).toEqual(["paid", "paid", "paid"]);
    const [order] = await api.database.db
      .select()
      .from(subscriptionOrders)
      .where(eq(subscriptionOrders.transactionId, transactionId));
    const created = await api.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, order?.subscriptionId ?? 0));
    expect(created).toHaveLength(1);
    const items = await api.database.db
      .select()
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, order?.subscriptionId ?? 0));
    expect(items).toHaveLength(3);
  });

  it("does not start a subscription on a payment of another amount", async () => {
    const session = await newPlayer();
    const { transactionId, started } = await takeOut(session, "abonnement", {}, null);
    const paymentId = started.redirectUrl.split("/").pop() as string;
    const short: PaymentProvider = {
      createPayment: () => Promise.reject(new Error("not used")),
      getPayment: async (id) => ({
        paymentId: id,
        status: "paid",
        amountCents: 1,
        reference: "x",
        method: "ideal",
      }),
    };
    const { logger } = capturedLogger();
    const status = await settleSubscriptionPayment(
      { db: api.database.db, payments: short, logger, now: () => new Date() },
      paymentId,
    );
    expect(status).toBe("failed");
    const [order] = await api.database.db
      .select()
      .from(subscriptionOrders)
      .where(eq(subscriptionOrders.transactionId, transactionId));
    expect(order?.subscriptionId).toBeNull();
  });
});

describe("the player's subscriptions", () => {
  it("show the next draw with what it costs, the last collections, and pause when locked after one more draw", async () => {
    const session = await newPlayer();
    const { transactionId } = await takeOut(session, "abonnement", {
      productType: "SingleTicket",
      fractionType: "WHOLE",
      withXl: false,
      withFixedTicketNumber: false,
      endDigits: [[4, 2]],
    });
    const { db } = api.database;
    const [order] = await db
      .select()
      .from(subscriptionOrders)
      .where(eq(subscriptionOrders.transactionId, transactionId));
    const subscriptionId = order?.subscriptionId ?? 0;
    const [item] = await db
      .select()
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, subscriptionId));
    const itemId = item?.id ?? 0;
    // What issuing did (or not) is replaced by a known history: its first draw played and collected.
    await db.delete(tickets).where(eq(tickets.subscriptionItemId, itemId));
    await db
      .delete(subscriptionCollections)
      .where(eq(subscriptionCollections.subscriptionId, subscriptionId));
    const [first, second] = await regularDrawsOnSale();
    const [past] = await db
      .select()
      .from(draws)
      .where(and(eq(draws.gameType, "KROON"), eq(draws.kind, "regular"), lte(draws.salesCloseAt, new Date())))
      .limit(1);
    if (!first || !second || !past) throw new Error("The seed lacks the draws this test needs");
    const collect = (drawId: number, state: string) =>
      db.insert(subscriptionCollections).values({
        subscriptionId,
        drawId,
        amountCents: 875,
        method: drawId === first.id ? "ideal" : "directDebit",
        state,
        purchaseType: "TrialSubscription",
      });
    await collect(first.id, "paid");
    const ticket = (drawId: number, number: string) => ({
      drawId,
      number,
      playerId: order?.playerId,
      productType: "SingleTicket",
      fraction: "WHOLE",
      withXl: false,
      multiplier: 1,
      purchaseType: "TrialSubscription",
      groupIndex: 0,
      subscriptionItemId: itemId,
    });
    await db.insert(tickets).values([ticket(past.id, "QZ99142"), ticket(first.id, "QZ99242")]);

    const summaryOf = async () => {
      const body = await (await session.client.request("/api/subscriptions")).json();
      return body.subscriptions.find((entry: { id: number }) => entry.id === subscriptionId);
    };
    const summary = await summaryOf();
    expect(summary).toMatchObject({
      status: "active",
      monthlyAmountInCents: 1_750,
      promotion: { id: "proef-drie-maanden", drawsLeft: 2 },
      // The second draw is its second: still in the trial.
      nextDraw: { drawId: second.id, amountInCents: 875, purchaseType: "TrialSubscription" },
      collections: [{ drawId: first.id, amountInCents: 875, method: "ideal", state: "paid" }],
      items: [{ id: itemId, endDigits: [4, 2], pricePerDrawInCents: 1_750 }],
    });

    // The item's tickets of its latest draw only.
    const details = await (await session.client.request(`/api/subscriptions/items/${itemId}`)).json();
    expect(details.lastTickets).toEqual([
      {
        drawId: first.id,
        number: "QZ99242",
        productType: "SingleTicket",
        fraction: "WHOLE",
        withXl: false,
        multiplier: 1,
        purchaseType: "TrialSubscription",
        group: 0,
      },
    ]);

    // Its first draw's collection failed: locked, it still plays the next draw, then pauses.
    await db
      .update(subscriptions)
      .set({ status: "locked", lockedDrawId: first.id })
      .where(eq(subscriptions.id, subscriptionId));
    expect((await summaryOf()).nextDraw).toMatchObject({ drawId: second.id });
    await collect(second.id, "pending");
    const paused = await summaryOf();
    expect(paused).toMatchObject({ status: "locked", nextDraw: null, promotion: { drawsLeft: 1 } });
    expect(paused.collections.map((collection: { drawId: number }) => collection.drawId)).toEqual([
      second.id,
      first.id,
    ]);

    await db
      .update(subscriptions)
      .set({ status: "cancelled", lockedDrawId: null })
      .where(eq(subscriptions.id, subscriptionId));
    expect(await summaryOf()).toMatchObject({ status: "cancelled", nextDraw: null });
  });
});

describe("the sign-up sweepstake", () => {
  it("is decided on the server when paid, the same on every call, while prizes last", async () => {
    const session = await loggedIn();
    const resultOf = async (transactionId: string) => {
      const response = await session.client.request(
        `/api/subscriptions/${WINNER_PAGE}/sweepstake/${transactionId}/result`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      return response.json();
    };

    const winner = await takeOut(session, WINNER_PAGE, { chosenPromotionId: undefined }, null);
    expect(await resultOf(winner.transactionId)).toEqual({
      orderId: winner.transactionId,
      status: "pending",
      prizeText: "Een weekend weg",
    });
    await decide(winner.started.redirectUrl, "approve");
    // One prize, odds one in one: the first paid sign-up wins it, and keeps it on every call.
    for (let call = 0; call < 3; call++) {
      expect(await resultOf(winner.transactionId)).toEqual({
        orderId: winner.transactionId,
        status: "won",
        prizeText: "Een weekend weg",
      });
    }
    const order = await (
      await session.client.request(`/api/subscriptions/${WINNER_PAGE}/orders/${winner.transactionId}`)
    ).json();
    expect(order.sweepstake).toMatchObject({ status: "won" });

    // The prize is gone: the next sign-up loses. A client cannot claim a result: no field says anything.
    const claim = await session.client.postJson(
      `/api/subscriptions/${WINNER_PAGE}`,
      signUp({ chosenPromotionId: undefined, won: true }),
      session.token,
    );
    expect(claim.status).toBe(400);
    const second = await takeOut(session, WINNER_PAGE, { chosenPromotionId: undefined });
    for (let call = 0; call < 2; call++) {
      expect((await resultOf(second.transactionId)).status).toBe("lost");
    }
    const entries = await api.database.db
      .select()
      .from(sweepstakeEntries)
      .where(eq(sweepstakeEntries.sweepstakeId, "een-winnaar"));
    expect(entries.filter((entry) => entry.won)).toHaveLength(1);
  });

  it("is not entered on a page without one, after it ended, or without payment", async () => {
    const session = await newPlayer();
    const plain = await takeOut(session, "abonnement");
    const none = await session.client.request(
      `/api/subscriptions/abonnement/sweepstake/${plain.transactionId}/result`,
    );
    expect(await none.json()).toEqual({
      orderId: plain.transactionId,
      status: "notEntered",
      prizeText: null,
    });

    const ended = await takeOut(session, ENDED_PAGE, { chosenPromotionId: undefined });
    const late = await session.client.request(
      `/api/subscriptions/${ENDED_PAGE}/sweepstake/${ended.transactionId}/result`,
    );
    expect((await late.json()).status).toBe("notEntered");

    const failed = await takeOut(session, WINNER_PAGE, { chosenPromotionId: undefined }, "cancel");
    const unpaid = await session.client.request(
      `/api/subscriptions/${WINNER_PAGE}/sweepstake/${failed.transactionId}/result`,
    );
    expect((await unpaid.json()).status).toBe("notEntered");
    const unknown = await session.client.request(
      `/api/subscriptions/${WINNER_PAGE}/sweepstake/${randomUUID()}/result`,
    );
    expect(unknown.status).toBe(404);
  });
});
