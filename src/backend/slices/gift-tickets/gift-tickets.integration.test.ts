import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ageValidations,
  draws,
  giftTicketStores,
  giftTickets,
  orders,
  outboxEmails,
  players,
  tickets,
} from "@/src/backend/db/schema";
import { pruneGiftStores, sendDueGifts } from "@/src/backend/orders/gift-tickets.server";
import type { GiftQuote, RedeemedGift, StoredGift } from "@/src/contract/gift-tickets";
import type { Participations, PriceDetails } from "@/src/contract/tickets";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { giftMessages } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { throughIdinBank } from "@/tests/support/idin-steps";
import { logInThroughApi, simulatorDecision } from "@/tests/support/shop-steps";
import { createPlayer } from "../portal/handlers";

/**
 * Gift tickets (issue 17) over HTTP against a real database and the payment simulator: a gift checked and
 * kept in the giver's own store, ordered and paid like any order, its ticket nobody's until the recipient
 * redeems the code once, and the e-mail on the send date.
 */

let api: ApiHarness;
const PASSWORD = "Cadeau-Test-2026!";
const logger = pino({ level: "silent" });

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

type Client = ReturnType<typeof cookieClient>;
type Player = { client: Client; token: string; playerId: string };

async function newPlayer(
  validated = true,
  client = cookieClient(api.url),
  person: { lastName: string; birthDate: string } = { lastName: "de Boer", birthDate: "1988-03-04" },
): Promise<Player> {
  const email = `cadeau-${randomBytes(6).toString("hex")}@example.test`;
  const { id } = await createPlayer(api.database.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: "Fleur",
    ...person,
    street: "Dorpsstraat",
    houseNumber: 7,
    postalCode: "1234AB",
    city: "Kroondorp",
  });
  if (validated) {
    await api.database.db.update(players).set({ validationState: "Validated" }).where(eq(players.id, id));
  }
  return { client, token: await logInThroughApi(client, { email, password: PASSWORD }), playerId: id };
}

async function regularDrawId(): Promise<number> {
  const response = await fetch(`${api.url}/api/tickets/cadeau/configurator/price-details`);
  const details = (await response.json()) as PriceDetails;
  const draw = details.draws.find((candidate) => candidate.kind === "regular");
  if (!draw) throw new Error("no regular draw on sale");
  return draw.drawId;
}

async function choice(overrides: Record<string, unknown> = {}) {
  return {
    drawId: await regularDrawId(),
    fraction: "WHOLE",
    recipientName: "Sanne",
    recipientEmail: "Sanne@Example.nl",
    message: "Gefeliciteerd met je verjaardag!",
    sendOn: amsterdamIsoDate(new Date()),
    ...overrides,
  };
}

async function verify(client: Client, body: unknown, pageId = "cadeau") {
  return client.postJson(`/api/gift-tickets/verify/${pageId}`, body, await client.token());
}

/** A gift stored by `giver` and paid through the simulator; answers the gift's row. */
async function paidGift(
  giver: Player,
  overrides: Record<string, unknown> = {},
  action: "approve" | "cancel" = "approve",
) {
  const storeId = randomUUID();
  const stored = await giver.client.postJson(
    `/api/gift-tickets/store/${storeId}`,
    { pageId: "cadeau", choice: await choice(overrides) },
    giver.token,
    "PUT",
  );
  expect(stored.status, await stored.clone().text()).toBe(200);
  const transactionId = randomUUID();
  const ordered = await giver.client.postJson(
    "/api/gift-tickets/order/cadeau",
    { storeId, transactionId, paymentMethod: "ideal" },
    giver.token,
  );
  expect(ordered.status, await ordered.clone().text()).toBe(200);
  const { redirectUrl } = (await ordered.json()) as { redirectUrl: string };
  const decided = await fetch(`${api.url}${redirectUrl}`, {
    ...simulatorDecision(action),
    redirect: "manual",
  });
  expect(decided.status).toBe(303);
  const result = await giver.client.postJson("/api/tickets/cadeau/continue", { transactionId }, giver.token);
  expect(result.status).toBe(200);
  const [row] = await api.database.db
    .select({ gift: giftTickets })
    .from(giftTickets)
    .innerJoin(orders, eq(orders.id, giftTickets.orderId))
    .where(eq(orders.transactionId, transactionId));
  if (!row) throw new Error("no gift recorded");
  return row.gift;
}

async function redeem(player: Player, code: string) {
  return player.client.postJson("/api/gift-tickets/player/cadeau", { code }, player.token);
}

describe("checking a gift", () => {
  it("prices a gift the page offers, for a draw on sale, and stores nothing", async () => {
    const client = cookieClient(api.url);
    const response = await verify(client, await choice());
    expect(response.status).toBe(200);
    const quote = (await response.json()) as GiftQuote;
    expect(quote.priceInCents).toBe(1_750);
    expect(quote.choice.recipientEmail).toBe("sanne@example.nl");
    expect(quote.draw.name).toMatch(/trekking/i);
    expect(await api.database.db.select().from(giftTickets)).toEqual([]);
  });

  it("refuses with the Dutch reason per field: fraction not offered, a past date, too far ahead", async () => {
    const client = cookieClient(api.url);
    const today = new Date();
    const past = new Date(today.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    const far = new Date(today.getTime() + 120 * 86_400_000).toISOString().slice(0, 10);
    const fifth = await verify(client, await choice({ fraction: "ONE_FIFTH" }), "cadeau-heel");
    expect(fifth.status).toBe(422);
    expect(((await fifth.json()) as { errors: Record<string, string[]> }).errors.fraction).toEqual([
      giftMessages.fractionNotOffered,
    ]);
    const late = (await (await verify(client, await choice({ sendOn: past }))).json()) as {
      errors: Record<string, string[]>;
    };
    expect(late.errors.sendOn).toEqual([giftMessages.sendOnPast]);
    const tooFar = (await (await verify(client, await choice({ sendOn: far }))).json()) as {
      errors: Record<string, string[]>;
    };
    expect(tooFar.errors.sendOn).toEqual([giftMessages.sendOnTooFar(90)]);
  });

  it("refuses a send date after the draw's sales close: the ticket must arrive before it plays", async () => {
    const client = cookieClient(api.url);
    const drawId = await regularDrawId();
    const details = (await (
      await fetch(`${api.url}/api/tickets/cadeau/configurator/price-details`)
    ).json()) as PriceDetails;
    const close = new Date(details.draws.find((draw) => draw.drawId === drawId)?.salesCloseDateTime ?? "");
    const after = amsterdamIsoDate(new Date(close.getTime() + 2 * 86_400_000));
    const response = await verify(client, await choice({ sendOn: after }));
    expect(response.status).toBe(422);
    const errors = ((await response.json()) as { errors: Record<string, string[]> }).errors;
    expect(errors.sendOn?.[0]).toMatch(/^Het lot moet aankomen voor de trekking\. Kies uiterlijk /);
  });

  it("refuses an address a ticket cannot be sent to, with the spec's codes", async () => {
    const client = cookieClient(api.url);
    const disposable = await verify(client, await choice({ recipientEmail: "iemand@mailinator.com" }));
    expect(disposable.status).toBe(422);
    expect(await disposable.json()).toMatchObject({
      code: "InvalidEmailAddressError",
      errors: { recipientEmail: [giftMessages.emailRefused] },
    });
    const broken = await verify(client, await choice({ recipientEmail: "iemand@@voorbeeld" }));
    expect(await broken.json()).toMatchObject({ code: "EmailValidationError" });
    // Issue 40: markup is never an address (one e-mail rule, EMAIL_ADDRESS_PATTERN).
    for (const recipientEmail of ["<b>x</b>@gmail.com", "x@gmail.com<img>", '"a b"@gmail.com']) {
      const marked = await verify(client, await choice({ recipientEmail }));
      expect(marked.status, recipientEmail).toBe(422);
      expect(await marked.json()).toMatchObject({
        code: "EmailValidationError",
        errors: { recipientEmail: [giftMessages.emailInvalid] },
      });
    }
  });

  it("is not found for a page without a gift block", async () => {
    const client = cookieClient(api.url);
    expect((await verify(client, await choice(), "loten")).status).toBe(404);
  });
});

describe("the gift store", () => {
  it("keeps a visitor's gift across requests, and another visitor's id finds nothing and changes nothing", async () => {
    const giver = cookieClient(api.url);
    const id = randomUUID();
    const body = { pageId: "cadeau", choice: await choice() };
    const put = await giver.postJson(`/api/gift-tickets/store/${id}`, body, await giver.token(), "PUT");
    expect(put.status).toBe(200);
    const read = (await (await giver.request(`/api/gift-tickets/store/${id}`)).json()) as StoredGift;
    expect(read.quote.choice.recipientName).toBe("Sanne");

    const stranger = cookieClient(api.url);
    expect((await stranger.request(`/api/gift-tickets/store/${id}`)).status).toBe(404);
    const overwrite = await stranger.postJson(
      `/api/gift-tickets/store/${id}`,
      { pageId: "cadeau", choice: await choice({ recipientName: "Indringer" }) },
      await stranger.token(),
      "PUT",
    );
    expect(overwrite.status).toBe(404);
    const again = (await (await giver.request(`/api/gift-tickets/store/${id}`)).json()) as StoredGift;
    expect(again.quote.choice.recipientName).toBe("Sanne");
  });
});

describe("ordering and redeeming", () => {
  it("pays a gift: its ticket is nobody's, the e-mail goes on the send date, and the code redeems once", async () => {
    const giver = await newPlayer();
    const gift = await paidGift(giver);
    expect(gift.state).toBe("paid");
    expect(gift.ticketId).not.toBeNull();
    const [ticket] = await api.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, gift.ticketId ?? ""));
    expect(ticket?.playerId).toBeNull();

    const services = { db: api.database.db, logger, now: () => new Date() };
    expect(await sendDueGifts(services)).toBeGreaterThanOrEqual(1);
    expect(await sendDueGifts(services)).toBe(0);
    const mails = await api.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.key, `gift:${gift.id}`));
    expect(mails).toHaveLength(1);
    const code = `${gift.code.slice(0, 4)}-${gift.code.slice(4)}`;
    // To the recipient, who has no account (yet): no player on the e-mail.
    expect(mails[0]).toMatchObject({ kind: "gift-ticket", recipient: "sanne@example.nl", playerId: null });
    expect(mails[0]?.data).toMatchObject({
      recipientName: "Sanne",
      giverName: "Fleur",
      message: "Gefeliciteerd met je verjaardag!",
      fraction: "WHOLE",
      draw: { name: expect.any(String), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      code,
      redeemPath: `/cadeau/verzilveren?code=${code}`,
    });

    const recipient = await newPlayer();
    const redeemed = await redeem(recipient, code.toLowerCase());
    expect(redeemed.status).toBe(200);
    const answer = (await redeemed.json()) as RedeemedGift;
    expect(answer.number).toBe(ticket?.number);
    const participations = (await (
      await recipient.client.request("/api/participations")
    ).json()) as Participations;
    expect(participations.draws.flatMap((draw) => draw.tickets.map((t) => t.number))).toContain(
      ticket?.number,
    );
    // Listed as a gift (issue 43), not as an online purchase of hers.
    const listed = participations.draws
      .flatMap((draw) => draw.tickets)
      .find((t) => t.number === ticket?.number);
    expect(listed).toMatchObject({ gift: true, purchaseType: "Online" });

    const again = await redeem(recipient, gift.code);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: "VoucherCodeAlreadyClaimedError",
      errors: { code: [giftMessages.alreadyRedeemed] },
    });
  });

  it("tells the code's holder, without an account, who gives what; nothing of the recipient or the order", async () => {
    const giver = await newPlayer();
    const gift = await paidGift(giver);
    const code = `${gift.code.slice(0, 4)}-${gift.code.slice(4)}`.toLowerCase();
    const visitor = cookieClient(api.url);
    const ask = async (body: unknown, pageId = "cadeau") =>
      visitor.postJson(`/api/gift-tickets/code/${pageId}`, body, await visitor.token());
    const preview = await ask({ code });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const [draw] = await api.database.db.select().from(draws).where(eq(draws.id, gift.drawId));
    expect(await preview.json()).toEqual({
      giverName: "Fleur",
      message: "Gefeliciteerd met je verjaardag!",
      fraction: "WHOLE",
      draw: { drawId: gift.drawId, name: draw?.name, drawDate: draw?.drawAt.toISOString() },
    });

    const unknown = await ask({ code: "ZZZZ-ZZZZ" });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ errors: { code: [giftMessages.notFound] } });
    expect((await ask({ code }, "loten")).status).toBe(404);

    expect((await redeem(await newPlayer(), code)).status).toBe(200);
    const used = await ask({ code });
    expect(used.status).toBe(409);
    expect(await used.json()).toMatchObject({ code: "VoucherCodeAlreadyClaimedError" });
  });

  it("sends a gift for a later day only on that day", async () => {
    const giver = await newPlayer();
    const later = new Date(Date.now() + 5 * 86_400_000);
    // The draw on sale the longest, so five days ahead is before its sales close whatever today is.
    const details = (await (
      await fetch(`${api.url}/api/tickets/cadeau/configurator/price-details`)
    ).json()) as PriceDetails;
    const last = details.draws.filter((draw) => draw.fractions.includes("WHOLE")).at(-1);
    expect(Date.parse(last?.salesCloseDateTime ?? "")).toBeGreaterThan(later.getTime() + 86_400_000);
    const gift = await paidGift(giver, { drawId: last?.drawId, sendOn: amsterdamIsoDate(later) });
    const today = { db: api.database.db, logger, now: () => new Date() };
    await sendDueGifts(today);
    const [waiting] = await api.database.db.select().from(giftTickets).where(eq(giftTickets.id, gift.id));
    expect(waiting?.state).toBe("paid");
    await sendDueGifts({ ...today, now: () => later });
    const [sent] = await api.database.db.select().from(giftTickets).where(eq(giftTickets.id, gift.id));
    expect(sent?.state).toBe("sent");
  });

  it("lets one of two redeems at once win; unknown and malformed codes are refused", async () => {
    const giver = await newPlayer();
    const gift = await paidGift(giver);
    const [first, second] = [await newPlayer(), await newPlayer()];
    const answers = await Promise.all([redeem(first, gift.code), redeem(second, gift.code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);

    const unknown = await redeem(first, "ZZZZ-ZZZZ");
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ code: "VoucherCodeNotFoundError" });
    const malformed = await redeem(first, "0O1I-L!!!");
    expect(await malformed.json()).toMatchObject({
      code: "VoucherCodeNotFoundError",
      errors: { code: [giftMessages.code] },
    });
  });

  it("cancels the gift of a cancelled payment: its code redeems nothing", async () => {
    const giver = await newPlayer();
    const gift = await paidGift(giver, {}, "cancel");
    expect(gift.state).toBe("cancelled");
    const recipient = await newPlayer();
    expect((await redeem(recipient, gift.code)).status).toBe(422);
  });

  it("keeps a gift whose payment failed: the order names the giver's store, which still holds it, and pays again", async () => {
    const giver = await newPlayer();
    const storeId = randomUUID();
    await giver.client.postJson(
      `/api/gift-tickets/store/${storeId}`,
      { pageId: "cadeau", choice: await choice() },
      giver.token,
      "PUT",
    );
    const payAndDecide = async (action: "approve" | "fail") => {
      const transactionId = randomUUID();
      const ordered = await giver.client.postJson(
        "/api/gift-tickets/order/cadeau",
        { storeId, transactionId, paymentMethod: "ideal" },
        giver.token,
      );
      expect(ordered.status, await ordered.clone().text()).toBe(200);
      const { redirectUrl } = (await ordered.json()) as { redirectUrl: string };
      await fetch(`${api.url}${redirectUrl}`, { ...simulatorDecision(action), redirect: "manual" });
      const result = await giver.client.postJson(
        "/api/tickets/cadeau/continue",
        { transactionId },
        giver.token,
      );
      return (await result.json()) as { status: string; gift?: { storeId: string; pageId: string } };
    };

    // Declined: the answer says which gift it was, so the giver goes back to it rather than to the basket.
    expect(await payAndDecide("fail")).toMatchObject({
      status: "failed",
      gift: { storeId, pageId: "cadeau" },
    });
    const kept = await giver.client.request(`/api/gift-tickets/store/${storeId}`);
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as StoredGift).quote.choice).toMatchObject({
      recipientName: "Sanne",
      recipientEmail: "sanne@example.nl",
      message: "Gefeliciteerd met je verjaardag!",
    });
    // The same gift paid again goes through.
    expect(await payAndDecide("approve")).toMatchObject({ status: "paid", gift: { storeId } });
  });

  it("credits a gift given on a partner's host to the partner", async () => {
    const giver = await newPlayer();
    const storeId = randomUUID();
    const onPartnerHost = { "Cms-Affiliate-Host": "buurtsuper.localhost:3000" };
    await giver.client.postJson(
      `/api/gift-tickets/store/${storeId}`,
      { pageId: "cadeau", choice: await choice() },
      giver.token,
      "PUT",
      onPartnerHost,
    );
    const transactionId = randomUUID();
    const ordered = await giver.client.postJson(
      "/api/gift-tickets/order/cadeau",
      { storeId, transactionId, paymentMethod: "ideal" },
      giver.token,
      "POST",
      onPartnerHost,
    );
    expect(ordered.status).toBe(200);
    const [order] = await api.database.db
      .select({ partner: orders.affiliatePartner })
      .from(orders)
      .where(eq(orders.transactionId, transactionId));
    expect(order?.partner).toBe("buurtsuper.localhost");
  });

  it("orders one gift per store: a second tab's payment of the same gift is refused", async () => {
    const giver = await newPlayer();
    const storeId = randomUUID();
    await giver.client.postJson(
      `/api/gift-tickets/store/${storeId}`,
      { pageId: "cadeau", choice: await choice() },
      giver.token,
      "PUT",
    );
    const order = (transactionId: string) =>
      giver.client.postJson(
        "/api/gift-tickets/order/cadeau",
        { storeId, transactionId, paymentMethod: "ideal" },
        giver.token,
      );
    const first = randomUUID();
    expect((await order(first)).status).toBe(200);
    // The same tab again (a double click) gets the same payment; another transaction id is refused.
    expect((await order(first)).status).toBe(200);
    const second = await order(randomUUID());
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: "TransactionAlreadyProcessedError" });
    const gifts = await api.database.db.select().from(giftTickets).where(eq(giftTickets.storeId, storeId));
    expect(gifts).toHaveLength(1);
  });

  it("tells the giver who gets the gift and when, not that the ticket is theirs", async () => {
    const giver = await newPlayer();
    const gift = await paidGift(giver);
    const mails = await api.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.orderId, gift.orderId));
    // One e-mail for the order, the giver's own kind: who gets the ticket and when, not "your tickets".
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "gift-order-confirmation", playerId: giver.playerId });
    const [ticket] = await api.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, gift.ticketId ?? ""));
    const [draw] = await api.database.db.select().from(draws).where(eq(draws.id, gift.drawId));
    expect(mails[0]?.data).toEqual({
      firstName: "Fleur",
      totalCents: 1_750,
      recipientName: "Sanne",
      sendOn: amsterdamIsoDate(new Date()),
      ticketNumber: ticket?.number,
      draw: { name: draw?.name, date: amsterdamIsoDate(draw?.drawAt ?? new Date(0)) },
    });
  });

  it("drops gift stores abandoned for 30 days, and keeps the ones in use", async () => {
    const giver = cookieClient(api.url);
    const [old, fresh] = [randomUUID(), randomUUID()];
    for (const id of [old, fresh]) {
      const put = await giver.postJson(
        `/api/gift-tickets/store/${id}`,
        { pageId: "cadeau", choice: await choice() },
        await giver.token(),
        "PUT",
      );
      expect(put.status).toBe(200);
    }
    await api.database.db
      .update(giftTicketStores)
      .set({ updatedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(giftTicketStores.id, old));
    expect(await pruneGiftStores(api.database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect((await giver.request(`/api/gift-tickets/store/${old}`)).status).toBe(404);
    expect((await giver.request(`/api/gift-tickets/store/${fresh}`)).status).toBe(200);
  });

  it("asks for iDIN before a gift is paid", async () => {
    const giver = await newPlayer(false);
    const storeId = randomUUID();
    await giver.client.postJson(
      `/api/gift-tickets/store/${storeId}`,
      { pageId: "cadeau", choice: await choice() },
      giver.token,
      "PUT",
    );
    const ordered = await giver.client.postJson(
      "/api/gift-tickets/order/cadeau",
      { storeId, transactionId: randomUUID(), paymentMethod: "ideal" },
      giver.token,
    );
    expect(ordered.status).toBe(403);
    expect(await ordered.json()).toMatchObject({ code: "AgeValidationRequiredError" });
  });
});

describe("redeeming without an account, through iDIN (POST /api/gift-tickets/idin/{pageId})", () => {
  const IDIN = "/api/gift-tickets/idin/cadeau";

  async function startIdin(visitor: Client, code: string) {
    return visitor.postJson(IDIN, { code, issuerId: "INGBNL2A" }, await visitor.token(), "POST", {
      "Cms-Page-Id": "cadeau",
    });
  }

  async function continueIdin(visitor: Client, transactionId: string) {
    return visitor.postJson(IDIN, { transactionId }, await visitor.token());
  }

  it("checks the age at the bank, then issues the ticket to the account completed afterwards, once", async () => {
    const gift = await paidGift(await newPlayer());
    const visitor = cookieClient(api.url);
    const started = await startIdin(visitor, gift.code);
    expect(started.status, await started.clone().text()).toBe(200);
    const { status, redirectUrl } = (await started.json()) as { status: string; redirectUrl: string };
    expect(status).toBe("started");
    const bank = await throughIdinBank(api.url, redirectUrl, "approve", {
      name: "Sanne de Vries",
      birthDate: "1990-05-17",
    });
    expect(bank.location).toMatch(/^\/cadeau\/verzilveren\/idin\?trxid=/);

    // Verified, not logged in: what the bank shared, to complete the account with; nothing issued yet.
    const verified = await continueIdin(visitor, bank.trxid);
    expect(await verified.json()).toEqual({
      status: "verified",
      holder: { name: "Sanne de Vries", birthDate: "1990-05-17" },
    });
    const [waiting] = await api.database.db.select().from(giftTickets).where(eq(giftTickets.id, gift.id));
    expect(waiting?.state).toBe("paid");

    // Another browser cannot continue this visitor's redemption.
    expect((await continueIdin(cookieClient(api.url), bank.trxid)).status).toBe(404);

    // The account (NotValidated) completed in the same browser gets the ticket and a validated age.
    const player = await newPlayer(false, visitor, { lastName: "de Vries", birthDate: "1990-05-17" });
    const redeemed = await continueIdin(visitor, bank.trxid);
    expect(redeemed.status, await redeemed.clone().text()).toBe(200);
    const answer = (await redeemed.json()) as { status: string; redeemed: RedeemedGift };
    expect(answer.status).toBe("redeemed");
    const [ticket] = await api.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, gift.ticketId as string));
    expect(ticket).toMatchObject({ playerId: player.playerId, number: answer.redeemed.number });
    const [account] = await api.database.db.select().from(players).where(eq(players.id, player.playerId));
    expect(account?.validationState).toBe("Validated");
    const validations = await api.database.db
      .select()
      .from(ageValidations)
      .where(eq(ageValidations.playerId, player.playerId));
    expect(validations).toMatchObject([{ status: "validated", sharedBirthDate: "1990-05-17" }]);

    // A replay answers the same ticket; the code is claimed for anyone else.
    expect(await (await continueIdin(visitor, bank.trxid)).json()).toEqual(answer);
    const again = await startIdin(cookieClient(api.url), gift.code);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "VoucherCodeAlreadyClaimedError" });
    expect((await redeem(await newPlayer(), gift.code)).status).toBe(409);
  });

  it("issues nothing to someone the bank says is under 18, nor to an account with another birth date", async () => {
    const gift = await paidGift(await newPlayer());
    const young = cookieClient(api.url);
    const started = (await (await startIdin(young, gift.code)).json()) as { redirectUrl: string };
    const year = new Date().getUTCFullYear() - 16;
    const bank = await throughIdinBank(api.url, started.redirectUrl, "approve", {
      name: "Tim de Vries",
      birthDate: `${year}-01-01`,
    });
    expect(await (await continueIdin(young, bank.trxid)).json()).toEqual({ status: "underage" });
    await newPlayer(false, young, { lastName: "de Vries", birthDate: `${year}-01-01` });
    expect(await (await continueIdin(young, bank.trxid)).json()).toEqual({ status: "underage" });

    const other = cookieClient(api.url);
    const second = (await (await startIdin(other, gift.code)).json()) as { redirectUrl: string };
    const adult = await throughIdinBank(api.url, second.redirectUrl, "approve", {
      name: "Sanne de Vries",
      birthDate: "1990-05-17",
    });
    const player = await newPlayer(false, other, { lastName: "de Vries", birthDate: "1991-01-01" });
    expect(await (await continueIdin(other, adult.trxid)).json()).toEqual({ status: "mismatch" });
    const [row] = await api.database.db.select().from(giftTickets).where(eq(giftTickets.id, gift.id));
    expect(row?.state).toBe("paid");
    const [account] = await api.database.db.select().from(players).where(eq(players.id, player.playerId));
    expect(account?.validationState).toBe("NotValidated");
  });

  it("answers a cancelled bank visit, an unknown code and a call naming another page", async () => {
    const gift = await paidGift(await newPlayer());
    const visitor = cookieClient(api.url);
    const started = (await (await startIdin(visitor, gift.code)).json()) as { redirectUrl: string };
    const bank = await throughIdinBank(api.url, started.redirectUrl, "cancel");
    expect(await (await continueIdin(visitor, bank.trxid)).json()).toEqual({ status: "cancelled" });

    const unknown = await startIdin(visitor, "ABCD-EFGH");
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({
      code: "VoucherCodeNotFoundError",
      errors: { code: [giftMessages.notFound] },
    });
    const otherPage = await visitor.postJson(
      IDIN,
      { code: gift.code, issuerId: "INGBNL2A" },
      await visitor.token(),
      "POST",
      { "Cms-Page-Id": "loten-webshop" },
    );
    expect(otherPage.status).toBe(400);
    expect((await continueIdin(visitor, "idin_forged")).status).toBe(404);
  });
});
