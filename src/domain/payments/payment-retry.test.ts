import { describe, expect, it } from "vitest";
import type { PaymentInfo } from "./payment-provider";
import { answerPaymentRetry, type PaymentOrder, settledOrderStatus } from "./payment-retry";

const order = (overrides: Partial<PaymentOrder> = {}): PaymentOrder => ({
  playerId: "p1",
  status: "pending",
  paymentId: "tr_1",
  paymentUrl: "/betaalsimulator/tr_1",
  contentHash: "h1",
  ...overrides,
});
const request = { playerId: "p1", contentHash: "h1" };
const io = (settled: string | undefined, reloaded?: PaymentOrder) => ({
  reload: async () => reloaded,
  settle: async () => settled,
  wait: async () => undefined,
});

describe("a request under a transaction id already used", () => {
  it("answers the open payment again for the same content", async () => {
    const verdict = await answerPaymentRetry(order(), request, io("pending"));
    expect(verdict).toMatchObject({ outcome: "open", paymentUrl: "/betaalsimulator/tr_1" });
  });

  it("waits for the first request to create the payment, then answers it", async () => {
    const verdict = await answerPaymentRetry(
      order({ paymentId: null, paymentUrl: null }),
      request,
      io("pending", order()),
    );
    expect(verdict).toMatchObject({ outcome: "open", paymentUrl: "/betaalsimulator/tr_1" });
  });

  it("refuses different content under an open payment, so it is not paid for the wrong thing", async () => {
    expect(await answerPaymentRetry(order(), { ...request, contentHash: "h2" }, io("pending"))).toEqual({
      outcome: "rolledBack",
    });
  });

  it("says a paid order, a payment still being created and another player's order may be processed", async () => {
    expect(await answerPaymentRetry(order(), request, io("paid"))).toEqual({ outcome: "alreadyProcessed" });
    expect(
      await answerPaymentRetry(order({ paymentId: null, paymentUrl: null }), request, io(undefined)),
    ).toEqual({ outcome: "alreadyProcessed" });
    expect(await answerPaymentRetry(order(), { ...request, playerId: "p2" }, io("pending"))).toEqual({
      outcome: "alreadyProcessed",
    });
  });

  it("says a failed or ended payment is rolled back, to try again", async () => {
    expect(await answerPaymentRetry(order(), request, io("failed"))).toEqual({ outcome: "rolledBack" });
    expect(await answerPaymentRetry(order({ status: "expired" }), request, io(undefined))).toEqual({
      outcome: "rolledBack",
    });
  });
});

describe("what the provider's word means for an order", () => {
  const payment = (status: PaymentInfo["status"], amountCents = 4000): PaymentInfo => ({
    paymentId: "tr_1",
    status,
    amountCents,
    reference: "o1",
    method: "ideal",
  });

  it("leaves an open or unknown payment open", () => {
    expect(settledOrderStatus(payment("open"), 4000)).toBeUndefined();
    expect(settledOrderStatus(undefined, 4000)).toBeUndefined();
  });

  it("settles a final payment as it is, and a paid one of another amount as failed", () => {
    expect(settledOrderStatus(payment("paid"), 4000)).toEqual({ status: "paid", amountMismatch: false });
    expect(settledOrderStatus(payment("expired"), 4000)).toEqual({
      status: "expired",
      amountMismatch: false,
    });
    expect(settledOrderStatus(payment("paid", 2000), 4000)).toEqual({
      status: "failed",
      amountMismatch: true,
    });
  });
});
