import { and, eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/src/backend/db/database.server";
import { jobs, subscriptionCollections, subscriptions } from "@/src/backend/db/schema";
import {
  reconcileCollections,
  submitCollections,
} from "@/src/backend/slices/subscriptions/collections.server";
import { issueDraw } from "@/src/backend/slices/subscriptions/issuance.server";
import { requestLog } from "@/src/server/http/request-log";
import { createSecurityHeaders } from "@/src/server/http/security-headers";
import { capturedLogger } from "@/tests/support/captured-logs";
import { listenLocally } from "@/tests/support/listen";
import {
  createSubscription,
  openTestDatabase,
  regularDrawsOnSale,
} from "@/tests/support/subscription-fixtures";
import { createDirectDebit, DIRECT_DEBIT_PATH } from "./direct-debit.server";
import { createDebitStorage } from "./storage.server";

/**
 * The direct-debit simulator's admin page over HTTP (issue 14, item 6): a tester (or a script) approves
 * or fails a submitted collection; the shop settles it from the provider's word, locking the subscription
 * on a failure until it is paid.
 */

let database: Database;
let close: () => Promise<void>;
let server: Awaited<ReturnType<typeof listenLocally>>;
let url: string;
let directDebit: ReturnType<typeof createDirectDebit>;
let jobRuns = 0;
const { logger } = capturedLogger();
/** A shop front end that forwards the simulator's page (SHOP_ORIGINS in the production shape). */
const TRUSTED_FRONT_END = "http://front-end.test";

beforeAll(async () => {
  ({ database, close } = await openTestDatabase());
  directDebit = createDirectDebit({
    db: database.db,
    logger,
    trustedOrigins: [TRUSTED_FRONT_END],
    runJobs: async () => {
      jobRuns++;
      return 3;
    },
  });
  const app = express();
  app.use(requestLog(logger));
  app.use(createSecurityHeaders({ partnerHosts: [], secure: false, dev: false }).handler);
  app.use(directDebit.routes);
  server = await listenLocally(app);
  url = `${server.url}${DIRECT_DEBIT_PATH}`;
});
afterAll(async () => {
  await server?.close();
  await close();
});

/** A subscription in its second draw, whose collection is submitted to the simulator: its debit id. */
async function submittedCollection() {
  const [d1, d2] = await regularDrawsOnSale(database.db);
  const subscription = await createSubscription(database.db, { startDrawId: d1!.id, items: [{}] });
  const services = { db: database.db, logger, now: () => new Date() };
  await issueDraw(services, d1!.id, { subscriptionIds: [subscription.id] });
  await issueDraw(services, d2!.id, { subscriptionIds: [subscription.id] });
  await submitCollections({ ...services, directDebit: directDebit.provider });
  const [collection] = await database.db
    .select()
    .from(subscriptionCollections)
    .where(
      and(
        eq(subscriptionCollections.subscriptionId, subscription.id),
        eq(subscriptionCollections.drawId, d2!.id),
      ),
    );
  expect(collection).toMatchObject({ state: "submitted", method: "directDebit" });
  return {
    subscriptionId: subscription.id,
    drawId: d2!.id,
    debitId: collection!.debitId as string,
    collectionId: collection!.id,
  };
}

const subscriptionOf = async (id: number) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const collectionState = async (id: string) =>
  (await database.db.select().from(subscriptionCollections).where(eq(subscriptionCollections.id, id)))[0]
    ?.state;

const postJson = (path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });

describe("the direct-debit simulator", () => {
  it("submits a collection once, however often it is sent", async () => {
    const { collectionId, debitId } = await submittedCollection();
    const again = await directDebit.provider.submitCollections([
      {
        reference: collectionId,
        iban: "NL91ABNA0417164300",
        mandateId: "x",
        amountCents: 1,
        description: "x",
      },
    ]);
    expect(again).toEqual([{ reference: collectionId, debitId }]);
    const listed = await (
      await fetch(`${url}?reference=${collectionId}`, { headers: { accept: "application/json" } })
    ).json();
    expect(listed.debits).toEqual([
      expect.objectContaining({ debitId, reference: collectionId, status: "submitted" }),
    ]);
  });

  it("locks the subscription when a collection fails, and unlocks it when it is paid after all", async () => {
    const { subscriptionId, drawId, debitId, collectionId } = await submittedCollection();

    const failed = await postJson(`/${debitId}`, { action: "fail" });
    expect(failed.status).toBe(200);
    expect(await failed.json()).toEqual({ debitId, status: "failed" });
    expect(await collectionState(collectionId)).toBe("failed");
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: "locked", lockedDrawId: drawId });

    // A failed collection cannot fail again; it can still be paid.
    expect((await postJson(`/${debitId}`, { action: "fail" })).status).toBe(409);
    const paid = await postJson(`/${debitId}`, { action: "approve" });
    expect(await paid.json()).toEqual({ debitId, status: "paid" });
    expect(await collectionState(collectionId)).toBe("paid");
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: "active", lockedDrawId: null });
    // Its draws are issued again by a job.
    const queued = await database.db.select().from(jobs).where(eq(jobs.name, "issue-subscription"));
    expect(queued.map((job) => job.payload)).toContainEqual({ subscriptionId });
  });

  it("settles a collection whose notification was lost when the reconciliation asks the bank again", async () => {
    const { subscriptionId, drawId, debitId, collectionId } = await submittedCollection();
    // The bank fails it, but its notification never reaches the shop (a restart, a lost file).
    expect(await createDebitStorage(database.db).decide(debitId, "failed", new Date())).toBe(true);
    expect(await collectionState(collectionId)).toBe("submitted");

    const services = { db: database.db, logger, directDebit: directDebit.provider };
    // Too recent for the sweep: the notification may still come.
    expect(await reconcileCollections({ ...services, now: () => new Date() })).toBe(0);
    expect(await collectionState(collectionId)).toBe("submitted");

    const later = () => new Date(Date.now() + 2 * 3_600_000);
    expect(await reconcileCollections({ ...services, now: later })).toBeGreaterThanOrEqual(1);
    expect(await collectionState(collectionId)).toBe("failed");
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: "locked", lockedDrawId: drawId });
  });

  it("shows the collections with their buttons, and takes a tester's click", async () => {
    const { debitId, collectionId } = await submittedCollection();
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`action="${DIRECT_DEBIT_PATH}/${debitId}"`);
    expect(html).toContain(">Goedkeuren</button>");
    expect(html).toContain(">Laten mislukken</button>");
    expect(html).toContain("NL•• •••• •••• 4300");
    expect(html).not.toContain("NL91ABNA0417164300");

    const clicked = await fetch(`${url}/${debitId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "action=approve",
      redirect: "manual",
    });
    expect(clicked.status).toBe(303);
    expect(clicked.headers.get("location")).toBe(`${DIRECT_DEBIT_PATH}?notice=paid`);
    expect(await collectionState(collectionId)).toBe("paid");
    expect(await (await fetch(`${server.url}${clicked.headers.get("location")}`)).text()).toContain(
      "De incasso is goedgekeurd.",
    );
  });

  it("runs the subscription jobs from its button", async () => {
    const before = jobRuns;
    const ran = await fetch(`${url}/jobs`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(ran.status).toBe(303);
    expect(jobRuns).toBe(before + 1);
    expect(await (await fetch(`${server.url}${ran.headers.get("location")}`)).text()).toContain(
      "3 jobs uitgevoerd.",
    );
  });

  it("refuses a decision posted from another site, an unknown debit and an unknown action", async () => {
    const { debitId, collectionId } = await submittedCollection();
    const foreign = await fetch(`${url}/${debitId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "action=approve",
    });
    expect(foreign.status).toBe(403);
    expect((await postJson(`/dd_${"0".repeat(32)}`, { action: "approve" })).status).toBe(404);
    expect((await postJson(`/${debitId}`, { action: "refund" })).status).toBe(400);
    expect(await collectionState(collectionId)).toBe("submitted");
  });

  it("takes a tester's click forwarded by a trusted shop front end (the production shape)", async () => {
    const { debitId, collectionId } = await submittedCollection();
    const clicked = await fetch(`${url}/${debitId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: TRUSTED_FRONT_END },
      body: "action=fail",
      redirect: "manual",
    });
    expect(clicked.status).toBe(303);
    expect(await collectionState(collectionId)).toBe("failed");
  });
});
