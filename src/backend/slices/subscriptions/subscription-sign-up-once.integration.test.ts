import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails, subscriptionOrders, supersededSignUpPayments } from "@/src/backend/db/schema";
import { signUpRefundMail } from "@/src/lib/messages";
import { type ApiHarness, startApiHarness } from "@/tests/support/api-harness";
import {
  decidePayment,
  refundsOf as refundsOfPlayer,
  signUpBody,
  submitSignUp,
  subscriptionsOf as subscriptionsOfPlayer,
} from "@/tests/support/subscription-sign-up-steps";
import { type ValidatedPlayer, validatedPlayer } from "@/tests/support/validated-player";

/**
 * Issue 40, item 2: one sign-up in progress per player and page. Back from the payment page and sent again
 * changed, the sign-up is replaced under the same transaction id (so the same mandate); under another id, the
 * older one is superseded. A superseded payment approved late, in whichever order, creates nothing and is
 * refunded into the wallet with an e-mail: never a second subscription.
 */
let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

const newPlayer = () => validatedPlayer(api, { emailPrefix: "aanmelder" });
type Session = ValidatedPlayer;
const signUp = signUpBody;
const submit = submitSignUp;
const decide = (paymentUrl: string, action: "approve" | "cancel" | "fail") =>
  decidePayment(api, paymentUrl, action);
const subscriptionsOf = (session: Session) => subscriptionsOfPlayer(api, session);
const refundsOf = (session: Session) => refundsOfPlayer(api, session);

async function mandateShown(session: Session, transactionId: string) {
  const body = signUp({ transactionId });
  const { iban: _i, accountHolder: _a, mandateAccepted: _m, ...choice } = body;
  const quote = await session.client.postJson("/api/subscriptions/verify/abonnement", choice, session.token);
  return ((await quote.json()) as { mandateId: string }).mandateId;
}

async function refundMailsTo(session: Session) {
  return api.database.db
    .select()
    .from(outboxEmails)
    .where(
      and(eq(outboxEmails.recipient, session.email), eq(outboxEmails.kind, "subscription-sign-up-refund")),
    );
}

async function balanceOf(session: Session) {
  const wallet = await session.client.request("/api/my/common/wallet");
  return ((await wallet.json()) as { balanceInCents: number }).balanceInCents;
}

async function orderResult(session: Session, transactionId: string) {
  const response = await session.client.request(`/api/subscriptions/abonnement/orders/${transactionId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    status: string;
    refundedInCents: number;
    subscription: { mandate: { mandateId: string } } | null;
  };
}

describe("one sign-up in progress per player and page", () => {
  it("back from the payment page with another account holder replaces the sign-up under the same mandate; the abandoned payment approved afterwards is refunded", async () => {
    const session = await newPlayer();
    const first = signUp();
    const shown = await mandateShown(session, first.transactionId);
    const started = await submit(session, first);
    expect(started.status).toBe(200);

    // Back, another account holder, the same form (and so the same transaction id) again.
    const changed = await submit(session, { ...first, accountHolder: "F. Jansen-de Boer" });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.transactionId).toBe(first.transactionId);
    expect(changed.json.redirectUrl).not.toBe(started.json.redirectUrl);
    // Sent once more unchanged (a double click): the replacement's payment again.
    const again = await submit(session, { ...first, accountHolder: "F. Jansen-de Boer" });
    expect(again.json.redirectUrl).toBe(changed.json.redirectUrl);

    await decide(changed.json.redirectUrl, "approve");
    await decide(started.json.redirectUrl, "approve");

    const created = await subscriptionsOf(session);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ accountHolder: "F. Jansen-de Boer", mandateId: shown });
    const result = await orderResult(session, first.transactionId);
    expect(result).toMatchObject({ status: "paid", refundedInCents: 2_000 });
    expect(result.subscription?.mandate.mandateId).toBe(shown);

    const refunds = await refundsOf(session);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.description).toBe(signUpRefundMail.ledger);
    expect(await balanceOf(session)).toBe(2_000);
    const mails = await refundMailsTo(session);
    const paymentId = started.json.redirectUrl.split("/").pop() as string;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ playerId: session.playerId, key: `sign-up-refund:${paymentId}` });
    expect(mails[0]?.data).toEqual({ firstName: "Fleur", amountCents: 2_000 });

    // The provider's notification of the late approval again: refunded once.
    const notify = await fetch(`${api.url}/api/payments/notify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `id=${paymentId}`,
    });
    expect(notify.status).toBe(200);
    expect(await refundsOf(session)).toHaveLength(1);
    expect(await subscriptionsOf(session)).toHaveLength(1);
  });

  it("refunds the abandoned payment approved before the replacement is paid, and the replacement still makes one subscription", async () => {
    const session = await newPlayer();
    const first = signUp();
    const started = await submit(session, first);
    const changed = await submit(session, { ...first, accountHolder: "Fleur Jansen" });
    expect(changed.status).toBe(200);

    await decide(started.json.redirectUrl, "approve");
    expect(await subscriptionsOf(session)).toHaveLength(0);
    expect(await refundsOf(session)).toHaveLength(1);
    // The sign-up itself is still open, on its new payment.
    expect(await orderResult(session, first.transactionId)).toMatchObject({
      status: "pending",
      refundedInCents: 2_000,
    });

    await decide(changed.json.redirectUrl, "approve");
    const created = await subscriptionsOf(session);
    expect(created).toHaveLength(1);
    expect(created[0]?.accountHolder).toBe("Fleur Jansen");
    expect(await balanceOf(session)).toBe(2_000);
  });

  it("supersedes an open sign-up of the same page under another transaction id; its late approval creates nothing and is refunded", async () => {
    const session = await newPlayer();
    const older = signUp();
    const olderStarted = await submit(session, older);
    const newer = signUp({ quantity: 2 });
    const newerStarted = await submit(session, newer);
    expect(newerStarted.status).toBe(200);

    const [superseded] = await api.database.db
      .select()
      .from(subscriptionOrders)
      .where(eq(subscriptionOrders.transactionId, older.transactionId));
    expect(superseded).toMatchObject({ status: "superseded", paymentId: null });
    // The older id sent again cannot revive it.
    expect((await submit(session, older)).json.code).toBe("TransactionRolledbackError");

    await decide(newerStarted.json.redirectUrl, "approve");
    await decide(olderStarted.json.redirectUrl, "approve");
    expect(await subscriptionsOf(session)).toHaveLength(1);
    expect(await orderResult(session, older.transactionId)).toMatchObject({
      status: "cancelled",
      refundedInCents: 2_000,
      subscription: null,
    });
    expect(await refundsOf(session)).toHaveLength(1);
    expect(await refundMailsTo(session)).toHaveLength(1);
  });

  it("refunds nothing for a superseded payment that is cancelled or fails", async () => {
    const session = await newPlayer();
    const first = signUp();
    const started = await submit(session, first);
    const changed = await submit(session, { ...first, accountHolder: "F.J." });
    const other = signUp({ quantity: 3 });
    const otherStarted = await submit(session, other);
    await decide(started.json.redirectUrl, "cancel");
    await decide(changed.json.redirectUrl, "fail");
    await decide(otherStarted.json.redirectUrl, "approve");
    expect(await subscriptionsOf(session)).toHaveLength(1);
    expect(await refundsOf(session)).toHaveLength(0);
    const parked = await api.database.db
      .select()
      .from(supersededSignUpPayments)
      .where(eq(supersededSignUpPayments.playerId, session.playerId));
    expect(parked.map((payment) => payment.state).sort()).toEqual(["closed", "closed"]);
  });

  it("does not replace a sign-up whose payment was approved already: the resubmission hears it was processed", async () => {
    const session = await newPlayer();
    const first = signUp();
    const started = await submit(session, first);
    await decide(started.json.redirectUrl, "approve");
    const changed = await submit(session, { ...first, accountHolder: "Iemand Anders" });
    expect(changed.status).toBe(409);
    expect(changed.json.code).toBe("TransactionAlreadyProcessedError");
    const created = await subscriptionsOf(session);
    expect(created).toHaveLength(1);
    expect(created[0]?.accountHolder).toBe("F. Jansen");
    expect(await refundsOf(session)).toHaveLength(0);
  });

  it("makes one replacement of two changed resubmissions at once", async () => {
    const session = await newPlayer();
    const first = signUp();
    const started = await submit(session, first);
    const body = { ...first, accountHolder: "Dubbel Klik" };
    const [one, two] = await Promise.all([submit(session, body), submit(session, body)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.json.redirectUrl).toBe(two.json.redirectUrl);
    expect(one.json.redirectUrl).not.toBe(started.json.redirectUrl);
    const parked = await api.database.db
      .select()
      .from(supersededSignUpPayments)
      .where(eq(supersededSignUpPayments.playerId, session.playerId));
    expect(parked).toHaveLength(1);
  });
});
