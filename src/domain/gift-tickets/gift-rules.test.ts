import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, formatGiftCode, newGiftCode, normaliseGiftCode, sendDateProblem } from "./gift-rules";

describe("gift codes", () => {
  it("are 8 characters without look-alikes, read back however they are typed", () => {
    let next = 0;
    const code = newGiftCode((max) => next++ % max);
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(normaliseGiftCode(` ${formatGiftCode(code).toLowerCase()} `)).toBe(code);
  });

  it.each(["ABCD-EFG", "ABCD-EFGH-J", "0BCD-EFGH", "ABCD EFGL", ""])("refuses %j", (input) => {
    expect(normaliseGiftCode(input)).toBeUndefined();
  });
});

describe("send dates", () => {
  const now = new Date("2026-12-15T23:30:00Z"); // 16 December in Amsterdam

  it("start today in Amsterdam and reach 90 days ahead", () => {
    expect(sendDateProblem("2026-12-16", now)).toBeUndefined();
    expect(sendDateProblem("2026-12-15", now)).toBe("past");
    expect(sendDateProblem("2027-03-16", now)).toBeUndefined();
    expect(sendDateProblem("2027-03-17", now)).toBe("tooFar");
  });

  it("refuse what is no date", () => {
    expect(sendDateProblem("2026-02-30", now)).toBe("invalid");
    expect(sendDateProblem("morgen", now)).toBe("invalid");
  });
});
