import { describe, expect, it } from "vitest";
import { withTimeout } from "./with-timeout";

describe("withTimeout", () => {
  it("answers with the promise's answer, or its failure, when it comes in time", async () => {
    await expect(withTimeout(Promise.resolve("page"), 50)).resolves.toBe("page");
    await expect(withTimeout(Promise.reject(new Error("source down")), 50)).rejects.toThrow("source down");
  });

  it("fails with the given message when the promise does not answer in time", async () => {
    const never = new Promise<never>(() => undefined);
    await expect(withTimeout(never, 10)).rejects.toThrow("timed out after 10 ms");
    await expect(withTimeout(never, 10, "content source slower than 10 ms")).rejects.toThrow(
      "content source slower than 10 ms",
    );
  });
});
