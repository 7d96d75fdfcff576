import { describe, expect, it } from "vitest";
import { bufferedRandom, numbersFrom } from "./issuance.server";

describe("numbersFrom", () => {
  it("makes a fixed number's run again from its first number", () => {
    expect(numbersFrom("SingleTicket", "KB12345")).toEqual(["KB12345"]);
    expect(numbersFrom("Street", "KB12340")).toEqual(
      Array.from({ length: 10 }, (_, last) => `KB1234${last}`),
    );
    const boulevard = numbersFrom("Boulevard", "KB12300");
    expect(boulevard).toHaveLength(100);
    expect([boulevard?.[0], boulevard?.[99]]).toEqual(["KB12300", "KB12399"]);
  });

  it("refuses what cannot be a run's first number", () => {
    expect(numbersFrom("Street", "KB12345")).toBeUndefined();
    expect(numbersFrom("Boulevard", "KB12310")).toBeUndefined();
    expect(numbersFrom("SingleTicket", "kb12345")).toBeUndefined();
  });
});

describe("bufferedRandom", () => {
  it("draws every value below its bound, and nothing else", () => {
    const random = bufferedRandom();
    for (const below of [10, 23]) {
      const seen = new Map<number, number>();
      for (let draw = 0; draw < 20_000; draw++) {
        const value = random(below);
        seen.set(value, (seen.get(value) ?? 0) + 1);
      }
      expect([...seen.keys()].sort((a, b) => a - b)).toEqual(
        Array.from({ length: below }, (_, value) => value),
      );
      // Uniform enough: each value within 25% of its share.
      for (const times of seen.values())
        expect(Math.abs(times - 20_000 / below)).toBeLessThan((20_000 / below) * 0.25);
    }
    expect(() => random(0)).toThrow(RangeError);
  });
});
