import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionItems, subscriptionOrders, supersededSignUpPayments } from "@/src/backend/db/schema";
import {
  type SignUpServices,
  settleSubscriptionPayment,
  startSignUp,
} from "@/src/backend/slices/subscriptions/sign-up.server";
import { SubscriptionSignUpSchema } from "@/src/contract/subscriptions";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { type ApiHarness, startApiHarness, TEST_SUBSCRIPTION_OFFERS } from "@/tests/support/api-harness";
import {
  decidePayment,
  refundsOf as refundsOfPlayer,
  signUpBody,
  submitSignUp,
  subscriptionsOf as subscriptionsOfPlayer,
} from "@/tests/support/subscription-sign-up-steps";
import { type ValidatedPlayer, validatedPlayer } from "@/tests/support/validated-player";

/**
 * Issue 40's sign-up replacement against the money: under one transaction id only the mandate may change
 * (never bigger items at the price first paid), and a payment settles its sign-up only while the sign-up is
 * still waiting for that very payment. The interleavings are run deterministically: the service functions
 * are called with a payment provider that lets the other request happen at the moment in between.
 */
let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

const newPlayer = () => validatedPlayer(api, { emailPrefix: "race" });
type Session = ValidatedPlayer;
const signUp = signUpBody;
const submit = submitSignUp;
const decide = async (paymentUrl: string, action: "approve" | "cancel" | "fail") => {
  await decidePayment(api, paymentUrl, action);
};
const subscriptionsOf = (session: Session) => subscriptionsOfPlayer(api, session);
const refundsOf = (session: Session) => refundsOfPlayer(api, session);

const paymentIdOf = (paymentUrl: string) => paymentUrl.split("/").pop() as string;

/** The sign-up services of the API, with a payment provider of the test's. */
function services(payments: PaymentProvider): SignUpServices {
  return { db: api.database.db, payments, logger: api.services.logger, now: () => new Date() };
}

async function quoted(session: Session, body: Record<string, unknown>) {
  const { iban: _i, accountHolder: _a, mandateAccepted: _m, ...choice } = body;
  const quote = await session.client.postJson("/api/subscriptions/verify/abonnement", choice, session.token);
  expect(quote.status).toBe(200);
  return ((await quote.json()) as { firstAmountInCents: number }).firstAmountInCents;
}

async function itemsOf(subscriptionId: number) {
  return api.database.db
    .select()
    .from(subscriptionItems)
    .where(eq(subscriptionItems.subscriptionId, subscriptionId));
}

async function orderOf(transactionId: string) {
  const [order] = await api.database.db
    .select()
    .from(subscriptionOrders)
    .where(eq(subscriptionOrders.transactionId, transactionId));
  return order;
}

describe("a sign-up sent again under its transaction id", () => {
  it("refuses another choice (never bigger items at the first price); the bigger choice under a new id costs its own amount", async () => {
    const session = await newPlayer();
    const first = signUp();
    const started = await submit(session, first);
    expect(started.status).toBe(200);
    const bigger = { ...first, quantity: 3 };
    const biggerAmount = await quoted(session, { ...bigger, transactionId: randomUUID() });
    expect(biggerAmount).toBeGreaterThan(started.json.firstAmountInCents);

    // Back from the payment page, three tickets instead of one, the same id.
    const changed = await submit(session, bigger);
    expect(changed.status, JSON.stringify(changed.json)).toBe(409);
    expect(changed.json.code).toBe("TransactionRolledbackError");
    const order = await orderOf(first.transactionId);
    expect(order).toMatchObject({ status: "pending", firstAmountCents: started.json.firstAmountInCents });
    expect(order?.request).toMatchObject({ choice: { quantity: 1 } });

    // The payment of the first amount still buys what it was priced for: one ticket.
    await decide(started.json.redirectUrl, "approve");
    const [created] = await subscriptionsOf(session);
    expect(created).toBeDefined();
    const items = await itemsOf(created?.id as number);
    expect(items).toHaveLength(1);

    // The bigger choice under its own id (as the shop's form sends it) is priced as such: without the
    // trial, which the player had with her first subscription (issue 43: once per player).
    const withoutTrial = { ...bigger, chosenPromotionId: undefined, transactionId: randomUUID() };
    const fullAmount = await quoted(session, withoutTrial);
    expect(fullAmount).toBeGreaterThan(biggerAmount);
    const again = await submit(session, withoutTrial);
    expect(again.status).toBe(200);
    expect(again.json.firstAmountInCents).toBe(fullAmount);
  });

  it("still replaces a changed mandate, keeping what the first amount bought", async () => {
    const session = await newPlayer();
    const first = signUp();
    const started = await submit(session, first);
    const changed = await submit(session, {
      ...first,
      iban: "NL20INGB0001234567",
      accountHolder: "F. de Boer",
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.firstAmountInCents).toBe(started.json.firstAmountInCents);
    await decide(changed.json.redirectUrl, "approve");
    const [created] = await subscriptionsOf(session);
    expect(created).toMatchObject({ accountHolder: "F. de Boer", iban: "NL20INGB0001234567" });
  });
});

describe("a payment and the sign-up it was made for", () => {
  it("settles nothing with a payment its sign-up's replacement parked while it was being settled; it is refunded once", async () => {
    const session = await newPlayer();
    const first = signUp();
    const started = await submit(session, first);
    let replaced: Awaited<ReturnType<typeof submit>> | undefined;
    // The provider's notification of P1 reads the sign-up; before it asks the provider, the player sends the
    // form again with another account holder (P1 is parked) and then approves P1 in the other tab anyway.
    const provider: PaymentProvider = {
      createPayment: (input) => api.payments.createPayment(input),
      async getPayment(paymentId) {
        if (!replaced) {
          replaced = await submit(session, { ...first, accountHolder: "F. de Boer" });
          await decide(started.json.redirectUrl, "approve");
        }
        return api.payments.getPayment(paymentId);
      },
    };
    const status = await settleSubscriptionPayment(services(provider), paymentIdOf(started.json.redirectUrl));
    expect(replaced?.status).toBe(200);
    expect(status).toBe("cancelled");
    expect(await subscriptionsOf(session)).toHaveLength(0);
    expect(await orderOf(first.transactionId)).toMatchObject({ status: "pending" });
    expect(await refundsOf(session)).toHaveLength(1);

    await decide(replaced?.json.redirectUrl as string, "approve");
    const created = await subscriptionsOf(session);
    expect(created).toHaveLength(1);
    expect(created[0]?.accountHolder).toBe("F. de Boer");
    expect(await refundsOf(session)).toHaveLength(1);
  });

  it("never attaches a payment to a sign-up superseded while it was created: the try is rolled back and the payment, approved anyway, refunded", async () => {
    const session = await newPlayer();
    const offer = TEST_SUBSCRIPTION_OFFERS.find((candidate) => candidate.pageId === "abonnement");
    if (!offer) throw new Error("the harness has no page abonnement");
    const older = SubscriptionSignUpSchema.parse(signUp());
    let olderPayment: { paymentId: string; redirectUrl: string } | undefined;
    let newer: Awaited<ReturnType<typeof submit>> | undefined;
    // While the older sign-up's payment is created, a second tab's sign-up of the page supersedes it.
    const provider: PaymentProvider = {
      async createPayment(input) {
        olderPayment = await api.payments.createPayment(input);
        newer = await submit(session, signUp({ quantity: 2 }));
        return olderPayment;
      },
      getPayment: (paymentId) => api.payments.getPayment(paymentId),
    };
    await expect(
      startSignUp(services(provider), { playerId: session.playerId, offer, signUp: older }),
    ).rejects.toMatchObject({ code: "TransactionRolledbackError" });
    expect(newer?.status).toBe(200);
    expect(await orderOf(older.transactionId)).toMatchObject({ status: "superseded", paymentId: null });

    await decide(olderPayment?.redirectUrl as string, "approve");
    expect(await subscriptionsOf(session)).toHaveLength(0);
    const refunds = await refundsOf(session);
    expect(refunds).toHaveLength(1);
    const [parked] = await api.database.db
      .select()
      .from(supersededSignUpPayments)
      .where(eq(supersededSignUpPayments.paymentId, olderPayment?.paymentId as string));
    expect(parked).toMatchObject({ state: "refunded" });

    await decide(newer?.json.redirectUrl as string, "approve");
    expect(await subscriptionsOf(session)).toHaveLength(1);
    expect(await refundsOf(session)).toHaveLength(1);
  });

  it("refunds a paid payment that a superseded sign-up still names (stored so before payments were parked on attaching)", async () => {
    const session = await newPlayer();
    const older = signUp();
    const olderStarted = await submit(session, older);
    const newer = await submit(session, signUp({ quantity: 2 }));
    expect(newer.status).toBe(200);
    // As the race left it: the superseded sign-up names its payment, and nothing parked it.
    const paymentId = paymentIdOf(olderStarted.json.redirectUrl);
    await api.database.db
      .delete(supersededSignUpPayments)
      .where(eq(supersededSignUpPayments.paymentId, paymentId));
    await api.database.db
      .update(subscriptionOrders)
      .set({ paymentId, paymentUrl: olderStarted.json.redirectUrl })
      .where(eq(subscriptionOrders.transactionId, older.transactionId));

    await decide(olderStarted.json.redirectUrl, "approve");
    expect(await subscriptionsOf(session)).toHaveLength(0);
    expect(await refundsOf(session)).toHaveLength(1);
    expect(await settleSubscriptionPayment(services(api.payments), paymentId)).toBe("cancelled");
    expect(await refundsOf(session)).toHaveLength(1);
  });
});
