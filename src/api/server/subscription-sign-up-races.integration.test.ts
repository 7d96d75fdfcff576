import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ledgerTransactions,
  players,
  subscriptionItems,
  subscriptionOrders,
  subscriptions,
} from "@/src/db/schema";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { type SignUpServices, settleSubscriptionPayment } from "@/src/features/subscriptions/sign-up.server";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { logInThroughApi, simulatorDecision } from "@/tests/support/shop-steps";
import { createPlayer } from "./handlers/portal";

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

async function newPlayer() {
  const account = { email: `race.${randomUUID().slice(0, 8)}@example.nl`, password: "Aanmelder-2026!" };
  await createPlayer(api.database.db, {
    email: account.email,
    passwordHash: await hashPassword(account.password),
    firstName: "Fleur",
    lastName: "Jansen",
    birthDate: "1980-05-05",
    street: "Kerkstraat",
    houseNumber: 1,
    postalCode: "1234AB",
    city: "Kroondorp",
  });
  const [player] = await api.database.db
    .update(players)
    .set({ validationState: "Validated" })
    .where(eq(players.email, account.email))
    .returning();
  const client = cookieClient(api.url);
  const token = await logInThroughApi(client, account);
  return { client, token, playerId: player?.id ?? "" };
}
type Session = Awaited<ReturnType<typeof newPlayer>>;

function signUp(overrides: Record<string, unknown> = {}) {
  return {
    productType: "Street",
    fractionType: "ONE_FIFTH",
    withXl: true,
    quantity: 1,
    withFixedTicketNumber: true,
    chosenPromotionId: "proef-drie-maanden",
    transactionId: randomUUID(),
    iban: "NL91ABNA0417164300",
    accountHolder: "F. Jansen",
    mandateAccepted: true,
    ...overrides,
  };
}

async function submit(session: Session, body: Record<string, unknown>) {
  const response = await session.client.postJson("/api/subscriptions/abonnement", body, session.token);
  return {
    status: response.status,
    json: (await response.json()) as Record<string, unknown> & {
      redirectUrl: string;
      firstAmountInCents: number;
    },
  };
}

async function decide(paymentUrl: string, action: "approve" | "cancel" | "fail") {
  const response = await fetch(`${api.url}${paymentUrl}`, {
    ...simulatorDecision(action),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
}

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

async function subscriptionsOf(session: Session) {
  return api.database.db.select().from(subscriptions).where(eq(subscriptions.playerId, session.playerId));
}

async function itemsOf(subscriptionId: number) {
  return api.database.db
    .select()
    .from(subscriptionItems)
    .where(eq(subscriptionItems.subscriptionId, subscriptionId));
}

async function refundsOf(session: Session) {
  return api.database.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.playerId, session.playerId), eq(ledgerTransactions.kind, "refund")));
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

    // The bigger choice under its own id (as the shop's form sends it) is priced as such.
    const again = await submit(session, { ...bigger, transactionId: randomUUID() });
    expect(again.status).toBe(200);
    expect(again.json.firstAmountInCents).toBe(biggerAmount);
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
});
