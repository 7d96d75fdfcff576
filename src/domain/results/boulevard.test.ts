import { describe, expect, it } from "vitest";
import {
  boulevardIdOf,
  boulevardNumbers,
  isBoulevardId,
  isKnownBoulevard,
  normaliseBoulevardId,
  parseShares,
} from "./boulevard";

describe("a boulevard's id", () => {
  it("is typed in any case, with spaces anywhere", () => {
    expect(normaliseBoulevardId(" ab 123 ")).toBe("AB123");
    expect(isBoulevardId(normaliseBoulevardId("ab 123"))).toBe(true);
  });

  it.each(["", "AB12", "AB1234", "12345", "ABCDE", "A1234", "ÄB123"])("%j is not one", (id) => {
    expect(isBoulevardId(id)).toBe(false);
    expect(isKnownBoulevard(id)).toBe(false);
  });

  it("names no boulevard when its letters are never on a ticket (I, O, Q)", () => {
    expect(isBoulevardId("IO123")).toBe(true);
    expect(isKnownBoulevard("IO123")).toBe(false);
    expect(isKnownBoulevard("AQ123")).toBe(false);
    expect(isKnownBoulevard("KB123")).toBe(true);
  });

  it("is the first 5 characters of each of its 100 numbers, 00 to 99", () => {
    const numbers = boulevardNumbers("KB123");
    expect(numbers).toHaveLength(100);
    expect(numbers[0]).toBe("KB12300");
    expect(numbers[99]).toBe("KB12399");
    expect(new Set(numbers.map(boulevardIdOf))).toEqual(new Set(["KB123"]));
  });
});

describe("the shares", () => {
  it.each([
    ["1", 1],
    [" 5 ", 5],
    ["100", 100],
  ])("%j is %d", (raw, shares) => {
    expect(parseShares(raw)).toBe(shares);
  });

  it.each(["", "0", "101", "-1", "2.5", "1e2", "vijf", "0x5"])("%j is none", (raw) => {
    expect(parseShares(raw)).toBeUndefined();
  });
});
