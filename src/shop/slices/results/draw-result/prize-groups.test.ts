import { describe, expect, it } from "vitest";
import { formatChance, groupByDigit, partAmountInCents, partFractionOf } from "./prize-groups";

describe("prize groups", () => {
  it("groups digit prizes by the digit picked, longest digits first", () => {
    const groups = groupByDigit(
      [
        { digits: "7", amountInCents: 1_000 },
        { digits: "0457", amountInCents: 100_000 },
        { digits: "33", amountInCents: 2_500 },
        { digits: "17", amountInCents: 2_500 },
      ],
      (digits) => digits.slice(-1),
    );
    expect(groups).toHaveLength(10);
    expect(groups[7]!.map((prize) => prize.digits)).toEqual(["0457", "17", "7"]);
    expect(groups[3]!.map((prize) => prize.digits)).toEqual(["33"]);
    expect(groups[0]).toEqual([]);
  });

  it("sets a fifth next to the whole ticket, a half in the year-end draw", () => {
    expect(partFractionOf("regular")).toBe("ONE_FIFTH");
    expect(partFractionOf("yearEnd")).toBe("HALF");
    expect(partAmountInCents(100_000, "ONE_FIFTH")).toBe(20_000);
    expect(partAmountInCents(100_000, "HALF")).toBe(50_000);
  });

  it("writes the jackpot chance as a Dutch percentage", () => {
    expect(formatChance(62.5)).toBe("62,5%");
    expect(formatChance(48)).toBe("48%");
  });
});
