import { describe, expect, it } from "vitest";
import { general } from "@/src/lib/messages";
import { ApiError } from "./api-error";
import { createLatestOnly } from "./latest-only";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("createLatestOnly", () => {
  it("aborts the signal of the earlier task and rejects it as aborted", async () => {
    const latest = createLatestOnly();
    const signals: AbortSignal[] = [];
    const first = latest((signal) => {
      signals.push(signal);
      return new Promise<string>(() => {});
    });

    const second = latest(async (signal) => {
      signals.push(signal);
      return "second";
    });

    await expect(first).rejects.toBeInstanceOf(ApiError);
    await expect(first).rejects.toMatchObject({ aborted: true, message: general.aborted });
    await expect(second).resolves.toBe("second");
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it("rejects a superseded task even if it ignores the signal and resolves later", async () => {
    const latest = createLatestOnly();
    const slow = deferred<string>();
    const first = latest(() => slow.promise);
    const second = latest(async () => "new");
    slow.resolve("stale");

    await expect(first).rejects.toMatchObject({ aborted: true });
    await expect(second).resolves.toBe("new");
  });

  it("does not abort a task that already finished", async () => {
    const latest = createLatestOnly();
    const signals: AbortSignal[] = [];
    await latest(async (signal) => {
      signals.push(signal);
      return 1;
    });
    await latest(async () => 2);

    expect(signals[0]?.aborted).toBe(false);
  });

  it("passes the task's own error through", async () => {
    const latest = createLatestOnly();
    const failure = new ApiError({ status: 400, message: "nee" });

    await expect(latest(() => Promise.reject(failure))).rejects.toBe(failure);
    await expect(
      latest(() => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });

  it("cancel() aborts the call in flight", async () => {
    const latest = createLatestOnly();
    const pending = latest(() => new Promise<never>(() => {}));

    latest.cancel();

    await expect(pending).rejects.toMatchObject({ aborted: true, message: general.aborted });
  });
});
