import { describe, expect, it } from "vitest";
import { ReturnUrlSchema } from "./payment-provider";

describe("ReturnUrlSchema", () => {
  it("takes a path of the shop and an absolute http(s) address", () => {
    for (const value of ["/betalen/resultaat?transactionId=abc", "https://shop.example/betalen/resultaat"]) {
      expect(ReturnUrlSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it("refuses a path that a browser reads as another host, and scripts", () => {
    for (const value of [
      "//evil.example/steal",
      "/\\evil.example",
      "/a/..//evil.example",
      "/.//evil.example",
      "/%2e%2e//evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
    ]) {
      expect(ReturnUrlSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});
