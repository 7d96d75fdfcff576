import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionOrders } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { subscriptionMessages } from "@/src/lib/messages";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { logInThroughApi } from "@/tests/support/shop-steps";

/**
 * The sign-up form fills in the account on the player's profile as the portal shows it (masked): taking
 * out a subscription with that text uses the IBAN on file; another masked text is no IBAN.
 */
let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

function signUp(iban: string) {
  return {
    productType: "SingleTicket",
    fractionType: "WHOLE",
    quantity: 1,
    transactionId: randomUUID(),
    iban,
    accountHolder: "A. van der Berg",
    mandateAccepted: true,
  };
}

describe("taking out a subscription with the profile's account", () => {
  it("takes the IBAN on file for the profile's masked IBAN, and refuses any other masked text", async () => {
    const client = cookieClient(api.url);
    const token = await logInThroughApi(client, DEMO_PLAYER);
    const profile = (await (await client.request("/api/my/common/account/profile")).json()) as {
      iban: string;
    };
    expect(profile.iban).toMatch(/^\*+\d{4}$/);

    const kept = signUp(profile.iban);
    const response = await client.postJson("/api/subscriptions/abonnement", kept, token);
    expect(response.status, await response.clone().text()).toBe(200);
    const [order] = await api.database.db
      .select()
      .from(subscriptionOrders)
      .where(eq(subscriptionOrders.transactionId, kept.transactionId));
    expect((order?.request as { mandate?: { iban: string } } | undefined)?.mandate?.iban).toBe(
      "NL67INGB0006543210",
    );

    const other = signUp("**************9999");
    const refused = await client.postJson("/api/subscriptions/abonnement", other, token);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.iban).toEqual([
      subscriptionMessages.iban,
    ]);
  });
});
