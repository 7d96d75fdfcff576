import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isLuhnValid, normaliseCardNumber } from "./luhn";

describe("normaliseCardNumber", () => {
  it("removes the spaces and dashes people type between groups", () => {
    expect(normaliseCardNumber("4111 1111 1111 1111")).toBe("4111111111111111");
    expect(normaliseCardNumber("5555-5555-5555-4444")).toBe("5555555555554444");
    expect(normaliseCardNumber(" 4000 0000-0000 0002 ")).toBe("4000000000000002");
  });

  it("accepts 12 to 19 digits only", () => {
    expect(normaliseCardNumber("1".repeat(11))).toBeUndefined();
    expect(normaliseCardNumber("1".repeat(12))).toBe("1".repeat(12));
    expect(normaliseCardNumber("1".repeat(19))).toBe("1".repeat(19));
    expect(normaliseCardNumber("1".repeat(20))).toBeUndefined();
  });

  it("refuses letters and other separators", () => {
    expect(normaliseCardNumber("4111 1111 1111 111a")).toBeUndefined();
    expect(normaliseCardNumber("4111.1111.1111.1111")).toBeUndefined();
    expect(normaliseCardNumber("")).toBeUndefined();
  });
});

describe("isLuhnValid", () => {
  it("accepts the simulator's test cards and well-known scheme test numbers", () => {
    for (const number of [
      "4111111111111111",
      "5555555555554444",
      "4000000000000002",
      "378282246310005",
      "4242424242424242",
    ]) {
      expect(isLuhnValid(number), number).toBe(true);
    }
  });

  it("refuses numbers whose check digit is wrong", () => {
    expect(isLuhnValid("4111111111111112")).toBe(false);
    expect(isLuhnValid("1234567812345678")).toBe(false);
  });

  it("refuses input that is not only digits", () => {
    expect(isLuhnValid("")).toBe(false);
    expect(isLuhnValid("4111 1111 1111 1111")).toBe(false);
  });

  it("has exactly one check digit for every body of 11 to 18 digits", () => {
    fc.assert(
      fc.property(digitString(11, 18), (body) => {
        const checkDigits = [..."0123456789"].filter((digit) => isLuhnValid(body + digit));
        expect(checkDigits).toHaveLength(1);
      }),
    );
  });

  it("detects every single mistyped digit", () => {
    fc.assert(
      fc.property(digitString(11, 18), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, shift) => {
        const valid = withCheckDigit(body);
        const position = at % valid.length;
        const changed = (Number(valid[position]) + shift) % 10;
        const typo = `${valid.slice(0, position)}${changed}${valid.slice(position + 1)}`;
        expect(isLuhnValid(typo)).toBe(false);
      }),
    );
  });
});

function digitString(minLength: number, maxLength: number) {
  return fc.string({ unit: fc.constantFrom(..."0123456789"), minLength, maxLength });
}

function withCheckDigit(body: string): string {
  const digit = [..."0123456789"].find((candidate) => isLuhnValid(body + candidate));
  if (digit === undefined) throw new Error(`no check digit for ${body}`);
  return body + digit;
}
