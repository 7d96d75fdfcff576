import { describe, expect, it } from "vitest";
import { createLimiter } from "./concurrency";

describe("createLimiter", () => {
  it("never runs more than the limit at once and runs every task", async () => {
    const run = createLimiter(4);
    let inFlight = 0;
    let peak = 0;
    const task = (value: number) => async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1 + (value % 3)));
      inFlight--;
      return value;
    };
    const results = await Promise.all(Array.from({ length: 13 }, (_, index) => run(task(index))));
    expect(results).toEqual(Array.from({ length: 13 }, (_, index) => index));
    expect(peak).toBe(4);
  });

  it("keeps going after a task fails", async () => {
    const run = createLimiter(1);
    const failed = run(() => Promise.reject(new Error("chunk failed")));
    const succeeded = run(() => Promise.resolve("ok"));
    await expect(failed).rejects.toThrow("chunk failed");
    await expect(succeeded).resolves.toBe("ok");
  });
});
