import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deposits,
  draws,
  ledgerEntries,
  orders,
  outboxEmails,
  players,
  subscriptions,
  tickets,
  withdrawals,
} from "@/src/backend/db/schema";
import type { PriceDetails } from "@/src/contract/tickets";
import type { DepositResult, Wallet } from "@/src/contract/wallet";
import { walletMessages } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { halfStreetWithXl, logInThroughApi, simulatorDecision } from "@/tests/support/shop-steps";
import { createSubscription } from "@/tests/support/subscription-fixtures";
import {
  decidePayment,
  signUpBody,
  submitSignUp,
  subscriptionsOf,
} from "@/tests/support/subscription-sign-up-steps";
import { validatedPlayer } from "@/tests/support/validated-player";
import { createPlayer } from "../portal/handlers";

/**
 * The wallet (issue 16, items 3, 4 and 6) over HTTP against a real database and the payment simulator:
 * deposits credited once and only when paid, the monthly limit, withdrawals that never take more than the
 * balance, paying an order from the balance, and a ledger whose every transaction balances.
 */

let api: ApiHarness;
const PASSWORD = "Saldo-Test-2026!";

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

type Client = ReturnType<typeof cookieClient>;
type Player = { client: Client; token: string; playerId: string };

/** A new adult player, logged in; validated by iDIN unless `validated` is false. */
async function newPlayer({
  validated = true,
  iban,
}: {
  validated?: boolean;
  iban?: string;
} = {}): Promise<Player> {
  const email = `saldo-${randomBytes(6).toString("hex")}@example.test`;
  const { id } = await createPlayer(api.database.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: "Noor",
    lastName: "Jansen",
    birthDate: "1985-02-11",
    street: "Dorpsstraat",
    houseNumber: 5,
    postalCode: "1234AB",
    city: "Kroondorp",
    iban: iban ?? null,
  });
  if (validated) {
    await api.database.db.update(players).set({ validationState: "Validated" }).where(eq(players.id, id));
  }
  const client = cookieClient(api.url);
  return { client, token: await logInThroughApi(client, { email, password: PASSWORD }), playerId: id };
}

async function wallet(player: Player): Promise<Wallet> {
  const response = await player.client.request("/api/my/common/wallet");
  expect(response.status).toBe(200);
  return (await response.json()) as Wallet;
}

async function startDeposit(
  player: Player,
  amountInCents: unknown,
  {
    method = "ideal",
    transactionId = randomUUID(),
  }: { method?: "ideal" | "creditcard"; transactionId?: string } = {},
) {
  return player.client.postJson(
    `/api/my/common/deposit/${method}`,
    { transactionId, amountInCents },
    player.token,
  );
}

/** A test card the simulator's credit-card page accepts. */
const CARD = { cardNumber: "4111 1111 1111 1111", cardHolder: "N. Jansen", expiry: "12/29", cvc: "123" };

/** Plays the player's part on the simulator's payment page; answers the return address. */
async function decide(
  paymentUrl: string,
  action: "approve" | "cancel" | "fail",
  method: "ideal" | "creditcard" = "ideal",
): Promise<string> {
  const init =
    method === "creditcard" && action === "approve"
      ? {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ action, ...CARD }).toString(),
        }
      : simulatorDecision(action);
  const response = await fetch(`${api.url}${paymentUrl}`, { ...init, redirect: "manual" });
  expect(response.status).toBe(303);
  return response.headers.get("location") ?? "";
}

async function depositResult(player: Player, transactionId: string) {
  return player.client.request(`/api/my/common/deposit/${transactionId}`);
}

/** A deposit paid through the simulator; answers its result. */
async function deposit(player: Player, amountInCents: number, method: "ideal" | "creditcard" = "ideal") {
  const transactionId = randomUUID();
  const started = await startDeposit(player, amountInCents, { method, transactionId });
  expect(started.status, JSON.stringify(await started.clone().json())).toBe(200);
  const { redirectUrl } = (await started.json()) as { redirectUrl: string };
  const back = await decide(redirectUrl, "approve", method);
  expect(back).toContain(`/mijn/saldo/storting?transactionId=${transactionId}`);
  const result = await depositResult(player, transactionId);
  expect(result.status).toBe(200);
  return { transactionId, redirectUrl, result: (await result.json()) as DepositResult };
}

async function withdraw(player: Player, amountInCents: number, extra: Record<string, unknown> = {}) {
  return player.client.postJson(
    "/api/my/common/withdrawal",
    { transactionId: randomUUID(), amountInCents, ...extra },
    player.token,
  );
}

/** The e-mails of a kind queued for the player. */
async function mailsOf(player: Player, kind: "deposit" | "withdrawal") {
  return api.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.playerId, player.playerId), eq(outboxEmails.kind, kind)));
}

async function emailOf(player: Player): Promise<string> {
  const [row] = await api.database.db
    .select({ email: players.email })
    .from(players)
    .where(eq(players.id, player.playerId));
  return row?.email ?? "";
}

/** Every ledger transaction adds up to zero (the database checks it at commit; this reads it back). */
async function expectLedgerBalances() {
  const unbalanced = await api.database.db
    .select({ transactionId: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.transactionId)
    .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
  expect(unbalanced).toEqual([]);
}

describe("the wallet", () => {
  it("starts empty with the default monthly deposit limit of EUR 500", async () => {
    const player = await newPlayer();
    const state = await wallet(player);
    expect(state).toMatchObject({
      balanceInCents: 0,
      pendingDepositsInCents: 0,
      pendingWithdrawalsInCents: 0,
      iban: null,
      transactions: [],
      depositLimit: { monthlyLimitInCents: 50_000, remainingThisMonthInCents: 50_000, pending: null },
    });
  });

  it("is the player's own: without a session it is 401", async () => {
    const response = await fetch(`${api.url}/api/my/common/wallet`);
    expect(response.status).toBe(401);
  });
});

describe("deposits", () => {
  it("credits a paid iDEAL deposit once, however often its return and notification come", async () => {
    const player = await newPlayer();
    const { transactionId, result } = await deposit(player, 2_500);
    expect(result).toMatchObject({ status: "paid", amountInCents: 2_500, balanceInCents: 2_500 });

    // The return page again, and the provider's notification replayed: still one credit.
    const again = await depositResult(player, transactionId);
    expect(((await again.json()) as DepositResult).balanceInCents).toBe(2_500);
    const state = await wallet(player);
    expect(state.balanceInCents).toBe(2_500);
    expect(state.transactions).toEqual([
      expect.objectContaining({ kind: "deposit", amountInCents: 2_500, description: "Storting via iDEAL" }),
    ]);

    // The same transaction id again is not a second deposit.
    const replay = await startDeposit(player, 2_500, { transactionId });
    expect(replay.status).toBe(409);
    expect(await replay.json()).toMatchObject({ code: "TransactionAlreadyProcessedError" });
    expect((await wallet(player)).balanceInCents).toBe(2_500);

    // One e-mail with the credit: the amount and the balance after it.
    const [row] = await api.database.db
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.transactionId, transactionId));
    const mails = await mailsOf(player, "deposit");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: await emailOf(player), key: `deposit:${row?.id}` });
    expect(mails[0]?.data).toEqual({ firstName: "Noor", amountCents: 2_500, balanceCents: 2_500 });
  });

  it("credits a credit-card deposit, and nothing for a cancelled or failed one", async () => {
    const player = await newPlayer();
    expect((await deposit(player, 1_000, "creditcard")).result.status).toBe("paid");

    for (const action of ["cancel", "fail"] as const) {
      const transactionId = randomUUID();
      const started = await startDeposit(player, 5_000, { transactionId });
      const { redirectUrl } = (await started.json()) as { redirectUrl: string };
      expect((await wallet(player)).pendingDepositsInCents).toBe(5_000);
      await decide(redirectUrl, action);
      const result = (await (await depositResult(player, transactionId)).json()) as DepositResult;
      expect(result.status).toBe(action === "cancel" ? "cancelled" : "failed");
    }
    const state = await wallet(player);
    expect(state.balanceInCents).toBe(1_000);
    expect(state.pendingDepositsInCents).toBe(0);
    expect(state.transactions.map((entry) => entry.description)).toEqual(["Storting via creditcard"]);
    // Only the paid deposit is e-mailed.
    const mails = await mailsOf(player, "deposit");
    expect(mails.map((mail) => mail.data)).toEqual([
      { firstName: "Noor", amountCents: 1_000, balanceCents: 1_000 },
    ]);
  });

  it("answers the same open payment to a double click", async () => {
    const player = await newPlayer();
    const transactionId = randomUUID();
    const [first, second] = await Promise.all([
      startDeposit(player, 2_000, { transactionId }),
      startDeposit(player, 2_000, { transactionId }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const urls = [await first.json(), await second.json()].map(
      (body) => (body as { redirectUrl: string }).redirectUrl,
    );
    expect(urls[0]).toBe(urls[1]);
  });

  it("refuses amounts of 0, negative, fractional cents and above the maximum, with Dutch field messages", async () => {
    const player = await newPlayer();
    const cases: Array<[unknown, string]> = [
      [0, walletMessages.depositMin(500)],
      [-2_500, walletMessages.depositMin(500)],
      [1_250.5, walletMessages.amount],
      [100_001, walletMessages.depositMax(100_000)],
      ["25", walletMessages.amount],
    ];
    for (const [amount, message] of cases) {
      const response = await startDeposit(player, amount);
      expect(response.status, String(amount)).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string[]> };
      expect(body.errors.amountInCents).toContain(message);
    }
    expect((await wallet(player)).pendingDepositsInCents).toBe(0);
  });

  it("is refused before iDIN confirmed the player's age", async () => {
    const player = await newPlayer({ validated: false });
    const response = await startDeposit(player, 2_500);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "AgeValidationRequiredError" });
  });

  it("never credits a forged return: another player's deposit is 404, a made-up payment id too", async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const transactionId = randomUUID();
    await startDeposit(owner, 2_500, { transactionId });
    expect((await depositResult(other, transactionId)).status).toBe(404);
    expect((await depositResult(owner, randomUUID())).status).toBe(404);
    const notification = await fetch(`${api.url}/api/payments/notify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "id=tr_forged0000000000000000000000000000",
    });
    expect(notification.status).toBe(404);
    expect((await wallet(owner)).balanceInCents).toBe(0);
  });
});

describe("the monthly deposit limit", () => {
  it("refuses a deposit over what is left, with the amount left; lowering counts at once, raising after 24 hours", async () => {
    const player = await newPlayer();
    const lowered = await player.client.postJson(
      "/api/my/common/responsible-gaming/deposit-limit",
      { monthlyLimitInCents: 3_000 },
      player.token,
      "PUT",
    );
    expect(lowered.status).toBe(200);
    expect(await lowered.json()).toMatchObject({ monthlyLimitInCents: 3_000, pending: null });

    await deposit(player, 2_500);
    const refused = await startDeposit(player, 1_000);
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe("DepositLimitExceededError");
    expect(body.errors.amountInCents).toEqual([walletMessages.depositLimitReached(500)]);

    const raised = await player.client.postJson(
      "/api/my/common/responsible-gaming/deposit-limit",
      { monthlyLimitInCents: 10_000 },
      player.token,
      "PUT",
    );
    const limit = (await raised.json()) as Wallet["depositLimit"];
    expect(limit.monthlyLimitInCents).toBe(3_000);
    expect(limit.remainingThisMonthInCents).toBe(500);
    expect(limit.pending?.limitInCents).toBe(10_000);
    const hours = (Date.parse(limit.pending?.from ?? "") - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await startDeposit(player, 1_000)).status).toBe(422);
  });

  it("lets two deposits at once pass the limit together only as far as it reaches", async () => {
    const player = await newPlayer();
    await player.client.postJson(
      "/api/my/common/responsible-gaming/deposit-limit",
      { monthlyLimitInCents: 3_000 },
      player.token,
      "PUT",
    );
    const answers = await Promise.all([startDeposit(player, 2_000), startDeposit(player, 2_000)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
  });

  it("refuses a limit outside EUR 10 to EUR 5,000", async () => {
    const player = await newPlayer();
    for (const monthlyLimitInCents of [0, 999, 500_001, 12.5]) {
      const response = await player.client.postJson(
        "/api/my/common/responsible-gaming/deposit-limit",
        { monthlyLimitInCents },
        player.token,
        "PUT",
      );
      expect(response.status, String(monthlyLimitInCents)).toBe(400);
    }
  });
});

describe("withdrawals", () => {
  it("asks for an IBAN when the profile has none, stores a valid one and sends the money there", async () => {
    const player = await newPlayer();
    await deposit(player, 3_000);
    const missing = await withdraw(player, 1_000);
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({
      code: "IbanRequiredError",
      errors: { iban: [walletMessages.ibanRequired] },
    });
    const invalid = await withdraw(player, 1_000, { iban: "NL00INGB0001234567" });
    expect(((await invalid.json()) as { errors: Record<string, string[]> }).errors.iban).toEqual([
      walletMessages.iban,
    ]);

    const done = await withdraw(player, 1_000, { iban: "NL91 ABNA 0417 1643 00" });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      amountInCents: 1_000,
      balanceInCents: 2_000,
      iban: "**************4300",
    });
    const state = await wallet(player);
    expect(state).toMatchObject({
      balanceInCents: 2_000,
      pendingWithdrawalsInCents: 1_000,
      iban: "**************4300",
    });
    expect(state.transactions[0]).toMatchObject({ kind: "withdrawal", amountInCents: -1_000 });
    // One e-mail, for the withdrawal made (the refused ones wrote nothing), with the IBAN masked.
    const [made] = await api.database.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.playerId, player.playerId));
    const mails = await mailsOf(player, "withdrawal");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: await emailOf(player), key: `withdrawal:${made?.id}` });
    expect(mails[0]?.data).toEqual({
      firstName: "Noor",
      amountCents: 1_000,
      ibanMasked: "**************4300",
    });

    // Another player's IBAN is refused.
    const other = await newPlayer();
    await deposit(other, 1_000);
    const taken = await withdraw(other, 500, { iban: "NL91ABNA0417164300" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: "IbanAlreadyInUseError" });
  });

  it("refuses an IBAN another player pays a subscription from, with a reason that says so (issue 43)", async () => {
    const subscriber = await validatedPlayer(api, { emailPrefix: "machtiging" });
    const signUp = await submitSignUp(subscriber, signUpBody({ iban: "NL02ABNA0123456789" }));
    expect(signUp.status, JSON.stringify(signUp.json)).toBe(200);
    await decidePayment(api, signUp.json.redirectUrl, "approve");
    expect(await subscriptionsOf(api, subscriber)).toMatchObject([{ iban: "NL02ABNA0123456789" }]);

    const other = await newPlayer();
    await deposit(other, 1_000);
    const refused = await withdraw(other, 500, { iban: "NL02 ABNA 0123 4567 89" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "IbanAlreadyInUseError",
      errors: { iban: [walletMessages.ibanTaken] },
    });
    expect((await wallet(other)).balanceInCents).toBe(1_000);
  });

  it("offers the account of the player's active mandate, and pays a withdrawal out to it (issue 43)", async () => {
    const player = await newPlayer();
    const [draw] = await api.database.db.select({ id: draws.id }).from(draws).limit(1);
    const { id } = await createSubscription(api.database.db, {
      playerId: player.playerId,
      startDrawId: draw?.id ?? 0,
      items: [{}],
    });
    await api.database.db
      .update(subscriptions)
      .set({ iban: "NL36INGB0007654321" })
      .where(eq(subscriptions.id, id));
    expect(await wallet(player)).toMatchObject({ iban: null, mandateIban: "**************4321" });
    await deposit(player, 1_000);
    const paid = await withdraw(player, 500, { useMandateIban: true });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(await paid.json()).toMatchObject({ iban: "**************4321" });
    expect(await wallet(player)).toMatchObject({ iban: "**************4321", mandateIban: null });
  });

  it("never takes more than the balance, also when two withdrawals come at once", async () => {
    const player = await newPlayer({ iban: "NL20INGB0001234567" });
    await deposit(player, 2_500);
    const over = await withdraw(player, 2_501);
    expect(over.status).toBe(422);
    expect(await over.json()).toMatchObject({
      code: "InsufficientBalanceError",
      errors: { amountInCents: [walletMessages.insufficientBalance(2_500)] },
    });
    const both = await Promise.all([withdraw(player, 2_000), withdraw(player, 2_000)]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 422]);
    expect((await wallet(player)).balanceInCents).toBe(500);
    // The refused withdrawal's transaction queued no e-mail.
    expect((await mailsOf(player, "withdrawal")).map((mail) => mail.data)).toEqual([
      { firstName: "Noor", amountCents: 2_000, ibanMasked: "**************4567" },
    ]);
    await expectLedgerBalances();
  });

  it("answers a replayed withdrawal with the first one, and refuses its id for another amount", async () => {
    const player = await newPlayer({ iban: "NL39RABO0300065264" });
    await deposit(player, 2_000);
    const transactionId = randomUUID();
    const body = { transactionId, amountInCents: 700 };
    const first = await player.client.postJson("/api/my/common/withdrawal", body, player.token);
    const again = await player.client.postJson("/api/my/common/withdrawal", body, player.token);
    expect(await again.json()).toEqual(await first.json());
    const other = await player.client.postJson(
      "/api/my/common/withdrawal",
      { transactionId, amountInCents: 800 },
      player.token,
    );
    expect(other.status).toBe(409);
    expect((await wallet(player)).balanceInCents).toBe(1_300);
    // The replay is not a second e-mail.
    expect(await mailsOf(player, "withdrawal")).toHaveLength(1);
  });
});

describe("paying an order from the balance", () => {
  async function basket(player: Player) {
    const details = (await (
      await fetch(`${api.url}/api/tickets/loten/configurator/price-details`)
    ).json()) as PriceDetails;
    const draw = details.draws.find((candidate) => candidate.kind === "yearEnd");
    const verified = await player.client.postJson(
      "/api/tickets/verify/loten",
      halfStreetWithXl(draw?.drawId),
      player.token,
    );
    const body = await verified.json();
    expect(verified.status, JSON.stringify(body)).toBe(200);
    return body as { ticket: Record<string, unknown>; totalInCents: number };
  }

  it("pays at once from a balance that covers it: tickets issued, balance lower, no payment page", async () => {
    const player = await newPlayer();
    const { ticket, totalInCents } = await basket(player);
    await deposit(player, totalInCents + 1_000);
    const transactionId = randomUUID();
    const body = { transactionId, tickets: [ticket], paymentMethod: "balance" };
    const [paid, doubleClick] = await Promise.all([
      player.client.postJson("/api/tickets/store", body, player.token),
      player.client.postJson("/api/tickets/store", body, player.token),
    ]);
    expect(paid.status).toBe(200);
    expect(doubleClick.status).toBe(200);
    expect(await paid.json()).toMatchObject({
      status: "paid",
      totalInCents,
      redirectUrl: `/afrekenen/resultaat?transactionId=${transactionId}`,
    });
    const [order] = await api.database.db
      .select()
      .from(orders)
      .where(eq(orders.transactionId, transactionId));
    expect(order).toMatchObject({ status: "paid", paymentMethod: "balance" });
    const issued = await api.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, order?.id ?? ""));
    expect(issued).toHaveLength(10);
    const state = await wallet(player);
    expect(state.balanceInCents).toBe(1_000);
    expect(state.transactions[0]).toMatchObject({ kind: "order", amountInCents: -totalInCents });
  });

  it("stores nothing when the balance does not cover the order, and says so at the payment method", async () => {
    const player = await newPlayer();
    const { ticket } = await basket(player);
    await deposit(player, 500);
    const transactionId = randomUUID();
    const response = await player.client.postJson(
      "/api/tickets/store",
      { transactionId, tickets: [ticket], paymentMethod: "balance" },
      player.token,
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: "InsufficientBalanceError",
      errors: { paymentMethod: [walletMessages.balanceTooLow(500)] },
    });
    expect(
      await api.database.db.select().from(orders).where(eq(orders.transactionId, transactionId)),
    ).toEqual([]);
    expect((await wallet(player)).balanceInCents).toBe(500);
    await expectLedgerBalances();
  });
});
