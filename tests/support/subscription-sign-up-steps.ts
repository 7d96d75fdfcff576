import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { ledgerTransactions, subscriptions } from "@/src/backend/db/schema";
import type { ApiHarness } from "./api-harness";
import { simulatorDecision } from "./shop-steps";
import type { ValidatedPlayer } from "./validated-player";

/**
 * Steps of the API integration tests of taking out a subscription on the page `abonnement` (issue 40's
 * sign-up and refund tests share them): the body of a sign-up, sending it, deciding its payment in the
 * simulator, and what the player has afterwards.
 */

/** A street of fifths with XL and the page's trial, paid from a valid IBAN; `overrides` replace fields. */
export function signUpBody(overrides: Record<string, unknown> = {}) {
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

/** Sends a sign-up; its status and answer (the payment page's address when it started one). */
export async function submitSignUp(session: ValidatedPlayer, body: Record<string, unknown>) {
  const response = await session.client.postJson("/api/subscriptions/abonnement", body, session.token);
  const text = await response.text();
  return {
    status: response.status,
    json: JSON.parse(text) as Record<string, unknown> & { redirectUrl: string; firstAmountInCents: number },
  };
}

/** Decides a payment in the payment simulator as a player would; where the simulator sends them. */
export async function decidePayment(
  api: ApiHarness,
  paymentUrl: string,
  action: "approve" | "cancel" | "fail",
): Promise<string | null> {
  const response = await fetch(`${api.url}${paymentUrl}`, {
    ...simulatorDecision(action),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  return response.headers.get("location");
}

export function subscriptionsOf(api: ApiHarness, session: ValidatedPlayer) {
  return api.database.db.select().from(subscriptions).where(eq(subscriptions.playerId, session.playerId));
}

/** The refunds in the player's wallet ledger. */
export function refundsOf(api: ApiHarness, session: ValidatedPlayer) {
  return api.database.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.playerId, session.playerId), eq(ledgerTransactions.kind, "refund")));
}
