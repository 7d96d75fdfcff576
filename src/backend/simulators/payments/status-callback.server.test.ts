import { describe, expect, it } from "vitest";
import { capturedLogger } from "@/tests/support/captured-logs";
import { until } from "@/tests/support/until";
import { createShopNotifier } from "./status-callback.server";

/** What the simulator does when the shop cannot take a status change in (the peak-day database restart). */
describe("telling the shop of a status change", () => {
  it("tells it again after a failure, until the shop takes it in", async () => {
    const { logs: lines, logger: log } = capturedLogger();
    const calls: string[] = [];
    const notify = createShopNotifier({
      timeoutMs: 1_000,
      retryDelaysMs: [20, 20, 20],
      onStatusChange: (paymentId) => {
        calls.push(paymentId);
        if (calls.length < 3) throw new Error("shop database restarting");
      },
    });

    await notify("tr_1", log);
    await until(() => calls.length === 3, "two retries");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual(["tr_1", "tr_1", "tr_1"]);
    expect(
      lines.filter((line) => line.msg === "payment status callback failed").map((line) => line.attempt),
    ).toEqual([1, 2]);
  });

  it("gives up after the last retry", async () => {
    const { logs: lines, logger: log } = capturedLogger();
    let calls = 0;
    const notify = createShopNotifier({
      timeoutMs: 1_000,
      retryDelaysMs: [10, 10],
      onStatusChange: () => {
        calls++;
        throw new Error("shop down");
      },
    });

    await notify("tr_2", log);
    await until(() => calls === 3, "both retries");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(3);
    // Each failure is logged with the wait before the next attempt; the last has none.
    expect(
      lines
        .filter((line) => line.msg === "payment status callback failed")
        .map((line) => [line.attempt, line.retryInMs]),
    ).toEqual([
      [1, 10],
      [2, 10],
      [3, undefined],
    ]);
  });

  it("does not hold the player back while it retries", async () => {
    const { logger: log } = capturedLogger();
    const notify = createShopNotifier({
      timeoutMs: 1_000,
      retryDelaysMs: [60_000],
      onStatusChange: () => {
        throw new Error("shop down");
      },
    });
    const started = performance.now();
    await notify("tr_3", log);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
