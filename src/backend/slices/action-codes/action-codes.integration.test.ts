import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, like, or } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  actionActivations,
  actionCodes,
  campaigns,
  orders,
  players,
  rateLimits,
  subscriptions,
} from "@/src/backend/db/schema";
import { DEMO_ACTION_CODES } from "@/src/backend/db/seed-campaigns";
import { codesCsv, createPersonalCodes } from "@/src/backend/orders/action-codes.server";
import type { ActivatedOffer, BasketAdjustment } from "@/src/contract/action-codes";
import type { OrderResult, PriceDetails } from "@/src/contract/tickets";
import { readActionCode } from "@/src/domain/campaigns/action-code";
import { actionMessages, shopCodes } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { logInThroughApi, simulatorDecision } from "@/tests/support/shop-steps";
import { createPlayer } from "../portal/handlers";

/**
 * Campaigns and action codes (issue 18) over HTTP against a real database and the payment simulator: every
 * refusal of an activation with its code and Dutch reason, the reCAPTCHA after a few wrong codes and the
 * limit per code, the offer put in the basket and priced by the server, applied to the order, used once
 * the order is paid (given back when it fails), and never granted twice.
 */

let api: ApiHarness;
const PASSWORD = "Actie-Test-2026!";

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());
// Every call of these tests comes from one address: each test starts with its attempts uncounted.
beforeEach(async () => {
  await api.database.db
    .delete(rateLimits)
    .where(or(like(rateLimits.key, "action-code%"), like(rateLimits.key, "%marketing-campaigns%")));
});

type Client = ReturnType<typeof cookieClient>;
type Player = { client: Client; token: string; playerId: string };

async function newPlayer(): Promise<Player> {
  const email = `actie-${randomBytes(6).toString("hex")}@example.test`;
  const { id } = await createPlayer(api.database.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: "Kees",
    lastName: "Jansen",
    birthDate: "1980-05-06",
    street: "Kerkstraat",
    houseNumber: 3,
    postalCode: "1234AB",
    city: "Kroondorp",
  });
  await api.database.db.update(players).set({ validationState: "Validated" }).where(eq(players.id, id));
  const client = cookieClient(api.url);
  return { client, token: await logInThroughApi(client, { email, password: PASSWORD }), playerId: id };
}

/** A fresh personal code of a campaign, as the mailing house would print it (lower case, with a hyphen). */
async function personalCode(campaignId = "kerstactie"): Promise<string> {
  const [code] =
    (await createPersonalCodes(api.database.db, { campaignId, count: 1, mailing: "test" }, (max) =>
      Math.floor(Math.random() * max),
    )) ?? [];
  if (!code) throw new Error("no code created");
  return `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase();
}

async function activate(player: Player, actionCode: string, pageId = "kerstactie", extra = {}) {
  return player.client.postJson(
    `/api/marketing-campaigns/${pageId}/action-codes/activate`,
    { actionCode, ...extra },
    player.token,
  );
}

async function placeOffer(player: Player, inBasket: boolean, pageId = "kerstactie") {
  return player.client.postJson(
    `/api/marketing-campaigns/${pageId}/offer`,
    { inBasket },
    player.token,
    "PUT",
  );
}

/** A whole single ticket (EUR 17,50) for the next regular draw, as the configurator's check answers it. */
async function wholeTicket(): Promise<Record<string, unknown>> {
  const details = (await (
    await fetch(`${api.url}/api/tickets/loten/configurator/price-details`)
  ).json()) as PriceDetails;
  const draw = details.draws.find((candidate) => candidate.kind === "regular");
  const client = cookieClient(api.url);
  const response = await client.postJson(
    "/api/tickets/verify/loten",
    { drawId: draw?.drawId, productType: "SingleTicket", fraction: "WHOLE", quantity: 1 },
    await client.token(),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { ticket: Record<string, unknown> }).ticket;
}

async function adjustments(player: Player, tickets: unknown[]) {
  const response = await player.client.postJson("/api/basket/adjustments", { tickets }, player.token);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    adjustments: BasketAdjustment[];
    basketTotalInCents: number;
    totalInCents: number;
  };
}

async function order(player: Player, tickets: unknown[], transactionId = randomUUID()) {
  const response = await player.client.postJson(
    "/api/tickets/store",
    { transactionId, tickets, paymentMethod: "ideal" },
    player.token,
  );
  return { response, transactionId };
}

async function payAndRead(player: Player, redirectUrl: string, transactionId: string, action = "approve") {
  const decided = await fetch(`${api.url}${redirectUrl}`, {
    ...simulatorDecision(action as "approve"),
    redirect: "manual",
  });
  expect(decided.status).toBe(303);
  const result = await player.client.postJson("/api/tickets/loten/continue", { transactionId }, player.token);
  expect(result.status).toBe(200);
  return (await result.json()) as OrderResult;
}

async function activationOf(playerId: string) {
  return api.database.db.select().from(actionActivations).where(eq(actionActivations.playerId, playerId));
}

describe("a campaign's period (GET /api/marketing-campaigns/{pageId})", () => {
  it("answers, without a login, the period and whether codes can be activated now; nothing for a page without one", async () => {
    const visitor = cookieClient(api.url);
    const open = await visitor.request("/api/marketing-campaigns/kerstactie");
    expect(open.status).toBe(200);
    const [kerst] = await api.database.db.select().from(campaigns).where(eq(campaigns.pageId, "kerstactie"));
    expect(await open.json()).toEqual({
      name: kerst?.name,
      startsAt: kerst?.startsAt.toISOString(),
      endsAt: kerst?.endsAt.toISOString(),
      state: "open",
    });
    const ended = await visitor.request("/api/marketing-campaigns/herfstactie");
    expect(await ended.json()).toMatchObject({ state: "expired" });

    const id = `winter-${randomBytes(3).toString("hex")}`;
    const startsAt = new Date(Date.now() + 86_400_000);
    await api.database.db.insert(campaigns).values({
      id,
      pageId: id,
      pagePath: `/${id}`,
      name: "Winteractie",
      startsAt,
      endsAt: new Date(Date.now() + 30 * 86_400_000),
      offer: { kind: "orderDiscount", amountInCents: 200 },
    });
    const early = await visitor.request(`/api/marketing-campaigns/${id}`);
    expect(await early.json()).toMatchObject({ state: "notStarted", startsAt: startsAt.toISOString() });

    const missing = await visitor.request("/api/marketing-campaigns/geen-actie");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "ActionNotFoundError" });
  });
});

describe("activating a code (POST /api/marketing-campaigns/{pageId}/action-codes/activate)", () => {
  it("activates a personal code as typed (lower case, hyphen) and answers the offer; again, the same offer", async () => {
    const player = await newPlayer();
    const code = await personalCode();
    const response = await activate(player, ` ${code} `);
    expect(response.status, await response.clone().text()).toBe(200);
    const offer = (await response.json()) as ActivatedOffer;
    expect(offer).toMatchObject({
      pageId: "kerstactie",
      campaignName: "Kerstactie",
      actionPagePath: "/kerstactie",
      inBasket: false,
      status: "activated",
    });
    expect(offer.label).toMatch(/^€\s5,00 korting op je bestelling vanaf €\s10,00$/);
    const again = await activate(player, code.toUpperCase());
    expect(((await again.json()) as ActivatedOffer).activationId).toBe(offer.activationId);
    expect(await activationOf(player.playerId)).toHaveLength(1);
  });

  it("refuses a personal code another player claimed, and needs a login", async () => {
    const code = await personalCode();
    expect((await activate(await newPlayer(), code)).status).toBe(200);
    const other = await newPlayer();
    const refused = await activate(other, code);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "VoucherCodeAlreadyClaimedError",
      errors: { actionCode: [shopCodes.VoucherCodeAlreadyClaimedError] },
    });
    expect(await activationOf(other.playerId)).toEqual([]);
    // Issue 40: a player who holds the campaign's offer already is refused it too, never "geactiveerd".
    const holder = await newPlayer();
    expect((await activate(holder, await personalCode())).status).toBe(200);
    const someoneElses = await activate(holder, code);
    expect(someoneElses.status).toBe(409);
    expect(await someoneElses.json()).toMatchObject({ code: "VoucherCodeAlreadyClaimedError" });
    // The seed's used code: the demo player ordered with it.
    const used = await activate(other, DEMO_ACTION_CODES.used);
    expect(await used.json()).toMatchObject({ code: "VoucherCodeAlreadyClaimedError" });
    const visitor = cookieClient(api.url);
    const anonymous = await visitor.postJson(
      "/api/marketing-campaigns/kerstactie/action-codes/activate",
      { actionCode: code },
      await visitor.token(),
    );
    expect(anonymous.status).toBe(401);
  });

  it("refuses unknown codes, look-alikes, another campaign's code and an empty one, each with its reason", async () => {
    const player = await newPlayer();
    const cases: [string, number, string | undefined, string][] = [
      [DEMO_ACTION_CODES.unknown, 422, "VoucherCodeNotFoundError", shopCodes.VoucherCodeNotFoundError],
      ["KERST0O1", 422, "VoucherCodeNotFoundError", actionMessages.codeLookAlike],
    ];
    for (const [code, status, errorCode, message] of cases) {
      const response = await activate(player, code);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ code: errorCode, errors: { actionCode: [message] } });
    }
    // Fresh address budget: the reCAPTCHA would otherwise be asked for now.
    await api.database.db.delete(rateLimits).where(like(rateLimits.key, "action-code-failures%"));
    const other = await activate(player, DEMO_ACTION_CODES.millionGame);
    expect(await other.json()).toMatchObject({
      code: "VoucherCodeNotFoundError",
      errors: { actionCode: [actionMessages.otherCampaign] },
    });
    const empty = await activate(player, " - ");
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ errors: { actionCode: [actionMessages.code] } });
  });

  it("refuses every code on a page without a campaign, an ended one and one not begun", async () => {
    const player = await newPlayer();
    const missing = await activate(player, DEMO_ACTION_CODES.working, "geen-actie");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "ActionNotFoundError" });
    const ended = await activate(player, DEMO_ACTION_CODES.expired, "herfstactie");
    expect(ended.status).toBe(422);
    expect(await ended.json()).toMatchObject({
      code: "ActionExpiredError",
      errors: { actionCode: [shopCodes.ActionExpiredError] },
    });
    await api.database.db.delete(rateLimits).where(like(rateLimits.key, "action-code-failures%"));
    const id = `lente-${randomBytes(3).toString("hex")}`;
    await api.database.db.insert(campaigns).values({
      id,
      pageId: id,
      pagePath: `/${id}`,
      name: "Lenteactie",
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 30 * 86_400_000),
      offer: { kind: "orderDiscount", amountInCents: 200 },
    });
    const early = await activate(player, DEMO_ACTION_CODES.working, id);
    expect(early.status).toBe(422);
    expect(await early.json()).toMatchObject({ code: "ActionNotActiveError" });
  });

  it("lets a player use a general code as often as it allows", async () => {
    const player = await newPlayer();
    const first = await activate(player, DEMO_ACTION_CODES.general);
    expect(first.status).toBe(200);
    // Used once: its activation is taken by a paid order.
    await api.database.db
      .update(actionActivations)
      .set({ status: "used" })
      .where(eq(actionActivations.playerId, player.playerId));
    const second = await activate(player, DEMO_ACTION_CODES.general);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      code: "VoucherCodeAlreadyClaimedError",
      errors: { actionCode: [actionMessages.usedUp(1)] },
    });
  });

  it("asks for the reCAPTCHA after three wrong codes from one address, and refuses a forged answer", async () => {
    const player = await newPlayer();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await activate(player, DEMO_ACTION_CODES.unknown)).status).toBe(422);
    }
    const limited = await activate(player, DEMO_ACTION_CODES.working);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: "RateLimitError" });
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    const forged = await activate(player, DEMO_ACTION_CODES.working, "kerstactie", {
      gRecaptchaResponse: "local.1.forged",
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: "RecaptchaNotValidError" });
    const local = (await (await player.client.request("/api/recaptcha/local-token")).json()) as {
      token: string;
    };
    const ticked = await activate(player, await personalCode(), "kerstactie", {
      gRecaptchaResponse: local.token,
    });
    expect(ticked.status, await ticked.clone().text()).toBe(200);
  });

  it("limits the attempts on one code from any address", async () => {
    const code = DEMO_ACTION_CODES.unknown;
    const key = `action-code|${(readActionCode(code) as { code: string }).code}`;
    for (let attempt = 0; attempt < 10; attempt++) {
      await api.services.rateLimiter.consume(key, { limit: 10, windowMs: 60 * 60_000 });
    }
    const response = await activate(await newPlayer(), code);
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: "RateLimitError" });
  });
});

describe("the offer page (GET and PUT /api/marketing-campaigns/{pageId}/offer)", () => {
  it("answers NoActivatedActionFoundError with the action page for a player without a code", async () => {
    const player = await newPlayer();
    const response = await player.client.request("/api/marketing-campaigns/kerstactie/offer");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      code: "NoActivatedActionFoundError",
      errors: { actionCode: [shopCodes.NoActivatedActionFoundError], actionPagePath: ["/kerstactie"] },
    });
    const put = await placeOffer(player, true);
    expect(put.status).toBe(404);
  });

  it("puts the activated offer in the basket and takes it out", async () => {
    const player = await newPlayer();
    await activate(player, await personalCode());
    const placed = await placeOffer(player, true);
    expect(((await placed.json()) as ActivatedOffer).inBasket).toBe(true);
    const read = await player.client.request("/api/marketing-campaigns/kerstactie/offer");
    expect(((await read.json()) as ActivatedOffer).inBasket).toBe(true);
    const out = await placeOffer(player, false);
    expect(((await out.json()) as ActivatedOffer).inBasket).toBe(false);
  });
});

describe("the offer in the basket and the order", () => {
  it("prices the discount against the basket, applies it to the order, and uses the code once it is paid", async () => {
    const player = await newPlayer();
    const code = await personalCode();
    await activate(player, code);
    const ticket = await wholeTicket();
    // Not in the basket yet: nothing applied.
    expect((await adjustments(player, [ticket])).adjustments).toEqual([]);
    await placeOffer(player, true);
    const priced = await adjustments(player, [ticket]);
    expect(priced).toMatchObject({ basketTotalInCents: 1750, totalInCents: 1250 });
    expect(priced.adjustments).toEqual([
      expect.objectContaining({ status: "applies", amountInCents: -500, discountInCents: 500, lines: [] }),
    ]);

    const { response, transactionId } = await order(player, [ticket]);
    expect(response.status, await response.clone().text()).toBe(200);
    const started = (await response.json()) as { totalInCents: number; redirectUrl: string };
    expect(started.totalInCents).toBe(1250);
    // Being paid: the offer is reserved, another order cannot take it too.
    expect((await activationOf(player.playerId))[0]?.status).toBe("reserved");
    const second = await order(player, [ticket]);
    expect(second.response.status).toBe(200);
    expect(((await second.response.json()) as { totalInCents: number }).totalInCents).toBe(1750);
    // The same checkout again answers the same order, with its discount.
    const retry = await order(player, [ticket], transactionId);
    expect(((await retry.response.json()) as { totalInCents: number }).totalInCents).toBe(1250);

    const result = await payAndRead(player, started.redirectUrl, transactionId);
    expect(result.status).toBe("paid");
    expect(result.totalInCents).toBe(1250);
    expect(result.adjustments).toEqual([
      {
        label: expect.stringMatching(/^Kerstactie: €\s5,00 korting/),
        amountInCents: -500,
        discountInCents: 500,
      },
    ]);
    const [activation] = await activationOf(player.playerId);
    expect(activation).toMatchObject({ status: "used" });
    const [stored] = await api.database.db
      .select()
      .from(orders)
      .where(eq(orders.transactionId, transactionId));
    expect(activation?.orderId).toBe(stored?.id);
    // Used: the code cannot be activated again, and the basket carries no offer any more.
    const again = await activate(player, code);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "VoucherCodeAlreadyClaimedError" });
    expect((await adjustments(player, [ticket])).adjustments).toEqual([]);
  });

  it("gives the offer back when the payment fails", async () => {
    const player = await newPlayer();
    await activate(player, await personalCode());
    await placeOffer(player, true);
    const { response, transactionId } = await order(player, [await wholeTicket()]);
    const started = (await response.json()) as { redirectUrl: string };
    await fetch(`${api.url}${started.redirectUrl}`, { ...simulatorDecision("fail"), redirect: "manual" });
    await player.client.postJson("/api/tickets/loten/continue", { transactionId }, player.token);
    const [activation] = await activationOf(player.playerId);
    expect(activation).toMatchObject({ status: "activated", orderId: null, inBasket: true });
  });

  it("says why an offer does not apply to a basket below its minimum, and charges the basket as it is", async () => {
    const player = await newPlayer();
    await activate(player, await personalCode());
    await placeOffer(player, true);
    const priced = await adjustments(player, []);
    expect(priced.adjustments).toEqual([
      expect.objectContaining({ status: "notQualified", reason: actionMessages.needsTickets }),
    ]);
    expect(priced.totalInCents).toBe(0);
  });

  it("adds the free Miljoenenspel tickets of a general code to the order and issues them with it", async () => {
    const player = await newPlayer();
    expect((await activate(player, DEMO_ACTION_CODES.millionGame, "miljoenenbonus")).status).toBe(200);
    await placeOffer(player, true, "miljoenenbonus");
    const ticket = await wholeTicket();
    const priced = await adjustments(player, [ticket]);
    expect(priced.totalInCents).toBe(1750);
    expect(priced.adjustments[0]).toMatchObject({
      status: "applies",
      amountInCents: 0,
      discountInCents: 200,
    });
    const { response, transactionId } = await order(player, [ticket]);
    const started = (await response.json()) as { redirectUrl: string; totalInCents: number };
    expect(started.totalInCents).toBe(1750);
    const result = await payAndRead(player, started.redirectUrl, transactionId);
    expect(result.tickets.filter((issued) => issued.productType === "MillionGame")).toHaveLength(2);
    expect(result.tickets.filter((issued) => issued.productType === "SingleTicket")).toHaveLength(1);
    // Allowed twice: the player may activate it once more.
    expect((await activate(player, DEMO_ACTION_CODES.millionGame, "miljoenenbonus")).status).toBe(200);
  });
});

describe("a trial subscription (Proefabonnement) taken out with the subscription form", () => {
  const TRIAL = {
    id: "actie-proefabonnement",
    label: "Proefabonnement",
    draws: 3,
    discountPercent: 75,
    trial: true,
  };

  /** One whole single ticket a month, with or without the campaign's trial. */
  function choice(extra: Record<string, unknown> = {}) {
    return { productType: "SingleTicket", fractionType: "WHOLE", quantity: 1, ...extra };
  }

  async function verify(player: Player | undefined, body: Record<string, unknown>, pageId = "abonnement") {
    const client = player?.client ?? cookieClient(api.url);
    return client.postJson(
      `/api/subscriptions/verify/${pageId}`,
      body,
      player?.token ?? (await client.token()),
    );
  }

  async function takeOut(player: Player, transactionId = randomUUID()) {
    const response = await player.client.postJson(
      "/api/subscriptions/abonnement",
      {
        ...choice({ actionPageId: "proefabonnement" }),
        transactionId,
        iban: "NL91ABNA0417164300",
        accountHolder: "K. Jansen",
        mandateAccepted: true,
      },
      player.token,
    );
    return { response, transactionId };
  }

  async function decide(redirectUrl: string, action: "approve" | "fail") {
    const decided = await fetch(`${api.url}${redirectUrl}`, {
      ...simulatorDecision(action),
      redirect: "manual",
    });
    expect(decided.status).toBe(303);
  }

  it("unlocks the trial for its form, never for the basket, and prices the form's first draws with it", async () => {
    const player = await newPlayer();
    const activated = await activate(player, "prbe-2345", "proefabonnement");
    expect(activated.status).toBe(200);
    const offer = (await activated.json()) as ActivatedOffer;
    expect(offer).toMatchObject({
      label: "Proefabonnement: de eerste 3 trekkingen 75% korting",
      subscription: { pageId: "abonnement", promotion: TRIAL },
    });

    const inBasket = await placeOffer(player, true, "proefabonnement");
    expect(inBasket.status).toBe(422);
    expect((await inBasket.json()).errors.actionCode).toEqual([actionMessages.subscriptionOnly]);

    // Without the trial the first draw is at the normal price; with it at a quarter.
    const normal = await verify(player, choice());
    expect(normal.status).toBe(200);
    const full = ((await normal.json()) as { firstAmountInCents: number }).firstAmountInCents;
    const trial = await verify(player, choice({ actionPageId: "proefabonnement" }));
    expect(trial.status).toBe(200);
    const quote = (await trial.json()) as {
      firstAmountInCents: number;
      promotion: unknown;
      schedule: { purchaseType: string }[];
    };
    expect(quote.promotion).toEqual(TRIAL);
    expect(quote.firstAmountInCents).toBe(Math.floor(full / 4));
    // The next draws on sale are the trial's first three.
    expect(quote.schedule.slice(0, 3).map((draw) => draw.purchaseType)).toEqual([
      "TrialSubscription",
      "TrialSubscription",
      "TrialSubscription",
    ]);

    // A visitor has no trial.
    expect((await verify(undefined, choice({ actionPageId: "proefabonnement" }))).status).toBe(401);
  });

  it("reserves the trial with the sign-up, uses it once paid, and never for two subscriptions", async () => {
    const player = await newPlayer();
    expect((await activate(player, "PRBE2345", "proefabonnement")).status).toBe(200);
    const first = await takeOut(player);
    expect(first.response.status).toBe(200);
    const started = (await first.response.json()) as { redirectUrl: string };
    expect(await activationOf(player.playerId)).toMatchObject([{ status: "reserved" }]);

    // A second tab's sign-up on the same page replaces the first (issue 40: one sign-up in progress per
    // player and page) and takes its trial over; the first one's payment, approved late, creates nothing.
    const second = await takeOut(player);
    expect(second.response.status).toBe(200);
    const replacing = (await second.response.json()) as { redirectUrl: string };
    expect(await activationOf(player.playerId)).toMatchObject([{ status: "reserved" }]);
    await decide(replacing.redirectUrl, "approve");
    await decide(started.redirectUrl, "approve");
    const [used, ...more] = await activationOf(player.playerId);
    expect(more).toEqual([]);
    expect(used).toMatchObject({ status: "used" });
    expect(used?.usedAt).toBeInstanceOf(Date);
    const [subscription] = await api.database.db
      .select({ promotion: subscriptions.promotion })
      .from(subscriptions)
      .where(eq(subscriptions.playerId, player.playerId));
    expect(subscription?.promotion).toEqual(TRIAL);
    expect(
      await api.database.db.select().from(subscriptions).where(eq(subscriptions.playerId, player.playerId)),
    ).toHaveLength(1);

    // Used: the form has no trial for this player any more, and the code is not activated again.
    const after = await verify(player, choice({ actionPageId: "proefabonnement" }));
    expect(after.status).toBe(404);
    expect((await after.json()).code).toBe("NoActivatedActionFoundError");
    expect((await activate(player, "PRBE2345", "proefabonnement")).status).toBe(409);
  });

  it("gives the trial back when the first payment fails", async () => {
    const player = await newPlayer();
    expect((await activate(player, "PRBE2345", "proefabonnement")).status).toBe(200);
    const { response } = await takeOut(player);
    expect(response.status).toBe(200);
    await decide(((await response.json()) as { redirectUrl: string }).redirectUrl, "fail");
    expect(await activationOf(player.playerId)).toMatchObject([
      { status: "activated", subscriptionOrderId: null },
    ]);
    // And it can be taken out again.
    const again = await takeOut(player);
    expect(again.response.status).toBe(200);
  });

  it("refuses the trial without an activated code, on another form, and for a campaign that is no trial", async () => {
    const player = await newPlayer();
    const none = await verify(player, choice({ actionPageId: "proefabonnement" }));
    expect(none.status).toBe(404);
    const problem = (await none.json()) as { code: string; errors: Record<string, string[]> };
    expect(problem.code).toBe("NoActivatedActionFoundError");
    expect(problem.errors.actionPagePath).toEqual(["/proefabonnement"]);

    expect((await activate(player, "PRBE2345", "proefabonnement")).status).toBe(200);
    const otherForm = await verify(player, choice({ actionPageId: "proefabonnement" }), "abonnement-actie");
    expect(otherForm.status).toBe(422);
    expect((await otherForm.json()).errors.actionCode).toEqual([actionMessages.otherSubscriptionForm]);

    expect((await activate(player, await personalCode(), "kerstactie")).status).toBe(200);
    const notTrial = await verify(player, choice({ actionPageId: "kerstactie" }));
    expect(notTrial.status).toBe(422);
    expect((await notTrial.json()).errors.actionCode).toEqual([actionMessages.otherSubscriptionForm]);
  });
});

describe("personal codes for a mailing (npm run campaigns:codes)", () => {
  it("creates unique codes of the alphabet for the campaign and writes them as CSV", async () => {
    const codes = await createPersonalCodes(
      api.database.db,
      { campaignId: "kerstactie", count: 25, mailing: "kerstbrief-test" },
      (max) => Math.floor(Math.random() * max),
    );
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes ?? []) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    const stored = await api.database.db
      .select()
      .from(actionCodes)
      .where(and(eq(actionCodes.mailing, "kerstbrief-test"), eq(actionCodes.kind, "personal")));
    expect(stored).toHaveLength(25);
    const csv = codesCsv(codes ?? []).split("\r\n");
    expect(csv[0]).toBe("code;code_gedrukt");
    expect(csv[1]).toBe(`${codes?.[0]};${codes?.[0]?.slice(0, 4)}-${codes?.[0]?.slice(4)}`);
    expect(
      await createPersonalCodes(
        api.database.db,
        { campaignId: "bestaat-niet", count: 1, mailing: "x" },
        () => 0,
      ),
    ).toBeUndefined();
  });
});
