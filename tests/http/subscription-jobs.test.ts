import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionCollections, subscriptions } from "@/src/backend/db/schema";
import { DEMO_MANDATE_ID } from "@/src/backend/db/seed";
import { startTestShop, type TestShop } from "../support/shop-server";
import { until } from "../support/until";

/**
 * The subscription jobs inside the built shop (decision 13), as `npm start` runs them on the embedded
 * database: the scheduler issues the next regular draw for the demo player's subscription on its own, its
 * collection goes to the direct-debit simulator, and the simulator's page decides it.
 */
let shop: TestShop;
let quiet: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  quiet = await startTestShop({ env: { JOBS: "off" } });
});
afterAll(async () => {
  await quiet?.shutdown();
  await shop?.shutdown();
});

const demoSubscription = async () => {
  const [row] = await shop
    .embedded!.db.select()
    .from(subscriptions)
    .where(eq(subscriptions.mandateId, DEMO_MANDATE_ID));
  return row!;
};

describe("subscription jobs in npm start", () => {
  it("issue the next draw and submit its collection, which the simulator's page then decides", async () => {
    await until(
      () => shop.logsMatching("collections submitted for direct debit").length > 0,
      "a submission",
      { attempts: 200 },
    );
    const subscription = await demoSubscription();
    const [collection] = await shop
      .embedded!.db.select()
      .from(subscriptionCollections)
      .where(eq(subscriptionCollections.state, "submitted"));
    expect(collection).toMatchObject({ subscriptionId: subscription.id, method: "directDebit" });

    const page = await fetch(`${shop.url}/betaalsimulator/incasso`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/betaalsimulator/incasso/${collection!.debitId}`);

    const failed = await fetch(`${shop.url}/betaalsimulator/incasso/${collection!.debitId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "fail" }),
    });
    expect(await failed.json()).toEqual({ debitId: collection!.debitId, status: "failed" });
    expect(await demoSubscription()).toMatchObject({ status: "locked", lockedDrawId: collection!.drawId });
  });

  it("leave a process with JOBS=off alone", async () => {
    // Both processes started together with the same demo data; once the other one's jobs have issued and
    // submitted the next draw, this one's would have too, had it run them.
    await until(
      () => shop.logsMatching("collections submitted for direct debit").length > 0,
      "the other process's jobs",
      { attempts: 200 },
    );
    const unpaid = await quiet
      .embedded!.db.select()
      .from(subscriptionCollections)
      .where(inArray(subscriptionCollections.state, ["pending", "submitted"]));
    expect(unpaid).toEqual([]);
    expect(quiet.logsMatching("job done")).toEqual([]);
  });
});
