import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("Kroonjuweel!2026");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("Kroonjuweel!2026", stored)).toBe(true);
    expect(await verifyPassword("kroonjuweel!2026", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("zelfde")).not.toBe(await hashPassword("zelfde"));
  });

  it("refuses a malformed stored hash", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
  });
});
