import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { count, eq } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/src/backend/db/database.server";
import { orders, outboxEmails, tickets } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { PaymentProviderUnavailableError } from "@/src/domain/payments/payment-provider";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { halfStreetWithXl, logInThroughApi, simulatorDecision } from "@/tests/support/shop-steps";
import { notificationRoute } from "./notification-route.server";
import { createPayments, PAYMENT_NOTIFY_PATH } from "./payment-routes.server";

/**
 * The provider's status notification (POST /api/payments/notify). A provider sends again whatever did not
 * get a 2xx, so only a failure that may pass is answered 503: bad input is 4xx, an unknown payment 404.
 */
let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

const WELL_FORMED_UNKNOWN = `tr_${"0".repeat(32)}`;

function notify(baseUrl: string, body: string, contentType = "application/x-www-form-urlencoded") {
  return fetch(`${baseUrl}${PAYMENT_NOTIFY_PATH}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
}

async function expectProblem(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/problem+json");
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body = await response.json();
  expect(body).toMatchObject({ status, type: "about:blank" });
  expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+/);
  return body;
}

/** An order of the demo player with an open payment; `approve` pays it on the simulator's page. */
async function openOrder() {
  const client = cookieClient(api.url);
  const token = await logInThroughApi(client, DEMO_PLAYER);
  const details = await (await client.request("/api/tickets/loten/configurator/price-details")).json();
  const drawId = details.draws.find((draw: { kind: string }) => draw.kind === "yearEnd").drawId;
  const verified = await client.postJson("/api/tickets/verify/loten", halfStreetWithXl(drawId), token);
  const { ticket } = await verified.json();
  const transactionId = randomUUID();
  const stored = await client.postJson(
    "/api/tickets/store",
    { transactionId, tickets: [{ ...ticket, basketItemId: "n1" }], paymentMethod: "ideal" },
    token,
  );
  const { redirectUrl } = (await stored.json()) as { redirectUrl: string };
  return {
    transactionId,
    paymentId: redirectUrl.split("/").pop() ?? "",
    approve: () => fetch(`${api.url}${redirectUrl}`, { ...simulatorDecision("approve"), redirect: "manual" }),
  };
}

describe("a notification that cannot be right", () => {
  it("is refused with 400 when it carries no well-formed payment id", async () => {
    const bodies = [
      "",
      "status=paid",
      "id=",
      "id=%00",
      "id=tr_%00abc",
      "id=tr_%ED%A0%80",
      `id=${"a".repeat(101)}`,
      "id=tr_abc&id=tr_def",
      "id=%3Cscript%3E",
      "id=tr_abc%20or%201%3D1",
    ];
    for (const body of bodies) {
      const problem = await expectProblem(await notify(api.url, body), 400);
      expect(problem.errors?.["body.id"], body).toHaveLength(1);
    }
    // No body and no content type: nothing to read, so no id.
    const empty = await fetch(`${api.url}${PAYMENT_NOTIFY_PATH}`, { method: "POST" });
    await expectProblem(empty, 400);
  });

  it("is refused with 415 when it is not a form, and 413 when it is too large", async () => {
    const id = WELL_FORMED_UNKNOWN;
    await expectProblem(await notify(api.url, JSON.stringify({ id }), "application/json"), 415);
    await expectProblem(await notify(api.url, `id=${id}`, "text/plain"), 415);
    await expectProblem(await notify(api.url, `id=${id}`, "multipart/form-data; boundary=x"), 415);
    await expectProblem(
      await notify(api.url, `id=${id}`, "application/x-www-form-urlencoded; charset=latin1"),
      415,
    );
    await expectProblem(await notify(api.url, `id=${id}&pad=${"x".repeat(3000)}`), 413);
  });

  it("is answered 404 for a payment id no order has", async () => {
    for (const id of [WELL_FORMED_UNKNOWN, "tr_forged", "tr_WDqYK6vllg"]) {
      const problem = await expectProblem(await notify(api.url, `id=${id}`), 404);
      expect(problem.detail).toBe("Unknown payment id");
    }
  });
});

describe("a notification of a real payment", () => {
  it("settles the order with the provider's word, and again any number of times with the same outcome", async () => {
    const order = await openOrder();
    // Before the player paid: the provider says open, the order stays pending.
    const early = await notify(api.url, `id=${order.paymentId}&status=paid`);
    expect(early.status).toBe(200);
    const [pending] = await api.database.db
      .select()
      .from(orders)
      .where(eq(orders.transactionId, order.transactionId));
    expect(pending?.status).toBe("pending");

    expect((await order.approve()).status).toBe(303);
    for (const _repeat of [1, 2, 3]) {
      const response = await notify(api.url, `id=${order.paymentId}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    const [paid] = await api.database.db
      .select()
      .from(orders)
      .where(eq(orders.transactionId, order.transactionId));
    expect(paid?.status).toBe("paid");
    const [issued] = await api.database.db
      .select({ total: count() })
      .from(tickets)
      .where(eq(tickets.orderId, paid?.id ?? ""));
    expect(issued?.total).toBe(10);
    const mails = await api.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.orderId, paid?.id ?? ""));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "order-confirmation", playerId: paid?.playerId });
    expect(mails[0]?.data).toMatchObject({ totalCents: paid?.totalCents });
  });
});

describe("a notification that meets a failure", () => {
  async function listen(app: express.Express) {
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const address = server.address();
    return {
      url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  /** The notification route alone, with a settlement that fails as given. */
  function serve(failure: unknown) {
    const app = express();
    const settle = () => Promise.reject(failure);
    app.post(PAYMENT_NOTIFY_PATH, notificationRoute({ settle, logger: pino({ level: "silent" }) }));
    return listen(app);
  }

  it("is answered 503 with Retry-After when the database is closed", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    const payments = createPayments({ db: database.db, logger });
    const app = express();
    app.use(payments.routes);
    const { url, close } = await listen(app);
    try {
      expect((await notify(url, `id=${WELL_FORMED_UNKNOWN}`)).status).toBe(404);
      await database.close();
      const response = await notify(url, `id=${WELL_FORMED_UNKNOWN}`);
      await expectProblem(response, 503);
      expect(response.headers.get("retry-after")).toBe("60");
      expect(lines.join("\n")).toContain("payment notification deferred");
      // The simulated provider, whose records are in that database, reports itself unreachable.
      await expect(payments.provider.getPayment(WELL_FORMED_UNKNOWN)).rejects.toBeInstanceOf(
        PaymentProviderUnavailableError,
      );
    } finally {
      await close();
    }
  });

  it("is answered 503 when the provider cannot be reached, 500 when retrying would not help", async () => {
    const unreachable = await serve(
      new PaymentProviderUnavailableError({ cause: new Error("connect ETIMEDOUT") }),
    );
    const restarting = await serve(
      Object.assign(new Error("Failed query: select 1"), {
        cause: Object.assign(new Error("the database system is starting up"), {
          severity: "FATAL",
          code: "57P03",
        }),
      }),
    );
    const refused = await serve(
      Object.assign(new Error("new row violates check constraint"), { severity: "ERROR", code: "23514" }),
    );
    const buggy = await serve(new TypeError("x is undefined"));
    try {
      const response = await notify(unreachable.url, `id=${WELL_FORMED_UNKNOWN}`);
      await expectProblem(response, 503);
      expect(response.headers.get("retry-after")).toBe("60");
      await expectProblem(await notify(restarting.url, `id=${WELL_FORMED_UNKNOWN}`), 503);
      const refusedAnswer = await notify(refused.url, `id=${WELL_FORMED_UNKNOWN}`);
      expect(refusedAnswer.headers.get("retry-after")).toBeNull();
      expect(await expectProblem(refusedAnswer, 500)).not.toHaveProperty("detail");
      await expectProblem(await notify(buggy.url, `id=${WELL_FORMED_UNKNOWN}`), 500);
    } finally {
      await Promise.all([unreachable.close(), restarting.close(), refused.close(), buggy.close()]);
    }
  });
});
