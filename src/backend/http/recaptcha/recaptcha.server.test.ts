import { describe, expect, it } from "vitest";
import { LocalRecaptcha } from "./recaptcha.server";

describe("LocalRecaptcha", () => {
  it("accepts its own fresh tokens and nothing else", async () => {
    const recaptcha = new LocalRecaptcha("secret");
    const token = recaptcha.issueToken(1_000);
    expect(await recaptcha.verify(token, undefined, 2_000)).toBe(true);
    expect(await recaptcha.verify(token, undefined, 1_000 + 3 * 60_000)).toBe(false);
    expect(await new LocalRecaptcha("other").verify(token, undefined, 2_000)).toBe(false);
    expect(await recaptcha.verify(undefined)).toBe(false);
    expect(await recaptcha.verify("local.9999999999999.vals")).toBe(false);
  });
});
