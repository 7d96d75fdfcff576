import { describe, expect, it } from "vitest";
import { classicDraws, MILLION_GAME_ID_OFFSET, millionGameDraws } from "@/src/backend/db/seed-draws";
import { isClassicDrawKind } from "@/src/domain/tickets/catalogue";
import { type ClassicResult, DrawResultSchema, type MillionGameResult } from "./draw-result";
import {
  adjacentNumbers,
  generateClassicResult,
  generateMillionGameResult,
  resultFor,
} from "./generate-result";
import { ticketPrizes } from "./prize-engine";

const EURO = 100;
/** Far enough ahead that the seed calendar holds every draw id the tests need. */
const NOW = new Date("2031-01-01T12:00:00Z");

/** Each seed draw with the jackpot of the draw after it, as the seed script pairs them. */
function withNextJackpot<T extends { jackpotCents: number }>(draws: T[]) {
  return draws
    .slice(0, -1)
    .map((draw, index) => ({ draw, nextJackpotCents: draws[index + 1]!.jackpotCents }));
}

const classic = withNextJackpot(classicDraws(NOW))
  .filter(({ draw }) => draw.id >= 1169 && draw.id <= 1300)
  .map(({ draw, nextJackpotCents }) => {
    if (!isClassicDrawKind(draw.kind)) throw new Error(`Unexpected kind ${draw.kind}`);
    return { draw, result: generateClassicResult({ ...draw, kind: draw.kind }, nextJackpotCents) };
  });
const million = withNextJackpot(millionGameDraws(NOW))
  .filter(({ draw }) => draw.id <= MILLION_GAME_ID_OFFSET + 300)
  .map(({ draw, nextJackpotCents }) => ({
    draw,
    nextJackpotCents,
    result: generateMillionGameResult(draw, nextJackpotCents),
  }));

const euros = (cents: number) => cents / EURO;
const fullNumberDigits = (result: ClassicResult) =>
  result.fullNumberPrizes.map((prize) => prize.number.slice(2));

describe("generated results", () => {
  it("pass the published-result schema for classic draws 1169-1300 and million-game draws 100001-100300", () => {
    expect(classic.map(({ draw }) => draw.id)).toEqual(
      Array.from({ length: 132 }, (_, index) => 1169 + index),
    );
    expect(million.map(({ draw }) => draw.id)).toEqual(
      Array.from({ length: 300 }, (_, index) => MILLION_GAME_ID_OFFSET + 1 + index),
    );
    for (const { result } of [...classic, ...million]) expect(DrawResultSchema.parse(result)).toEqual(result);
  });

  it("are the same on every run and differ between draws", () => {
    const input = { id: 1200, kind: "regular" as const, jackpotCents: 1_500_000_000 };
    expect(generateClassicResult(input, 800_000_000)).toEqual(generateClassicResult(input, 800_000_000));
    expect(generateMillionGameResult({ id: 100_042, jackpotCents: 100_000_000 })).toEqual(
      generateMillionGameResult({ id: 100_042, jackpotCents: 100_000_000 }),
    );
    const jackpotNumbers = new Set(classic.map(({ result }) => result.jackpot.number));
    expect(jackpotNumbers.size).toBe(classic.length);
  });
});

describe("generateClassicResult", () => {
  it("uses the draw's jackpot and the next draw's, with a realistic chance it falls next time", () => {
    for (const { draw, result } of classic) {
      expect(result.jackpot.amountInCents).toBe(draw.jackpotCents);
      expect(result.nextJackpotChancePercent).toBeGreaterThanOrEqual(20);
      expect(result.nextJackpotChancePercent).toBeLessThanOrEqual(60);
    }
    expect(classic.find(({ draw }) => draw.kind === "yearEnd")!.result.jackpot.amountInCents).toBe(
      30_000_000 * EURO,
    );
  });

  it("lets the jackpot fall in about 1 of 4 draws, and always in the year-end draw", () => {
    const others = classic.filter(({ draw }) => draw.kind !== "yearEnd");
    const fell = others.filter(({ result }) => result.jackpot.fell).length / others.length;
    expect(fell).toBeGreaterThan(0.15);
    expect(fell).toBeLessThan(0.35);
    for (const { draw, result } of classic)
      if (draw.kind === "yearEnd") expect(result.jackpot.fell).toBe(true);
  });

  it("draws the full-number prize table, highest first, on numbers starting with A-H", () => {
    for (const { result } of classic) {
      const table = new Map<number, number>();
      for (const prize of result.fullNumberPrizes)
        table.set(euros(prize.amountInCents), (table.get(euros(prize.amountInCents)) ?? 0) + 1);
      expect(Object.fromEntries(table)).toEqual({
        1000000: 1,
        100000: 5,
        10000: 10,
        2500: 10,
        1000: 4,
        500: 4,
        100: 3,
        50: 3,
      });
      const amounts = result.fullNumberPrizes.map((prize) => prize.amountInCents);
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
      for (const { number } of [result.jackpot, ...result.fullNumberPrizes, ...result.consolationPrizes])
        expect(number).toMatch(/^[A-H][A-Z]\d{5}$/);
    }
  });

  it("gives every top number its own digits, so no number collects two same-digits prizes", () => {
    for (const { result } of classic) {
      const digits = [
        result.jackpot.number,
        ...result.consolationPrizes.map((prize) => prize.number),
        ...result.fullNumberPrizes.map((prize) => prize.number),
      ].map((number) => number.slice(2));
      expect(new Set(digits).size).toBe(digits.length);
    }
  });

  it("pays the same digits as the jackpot (EUR 10,000) and the EUR 1M number (EUR 1,000)", () => {
    for (const { result } of classic) {
      expect(result.sameDigitsPrizes).toEqual([
        { digits: result.jackpot.number.slice(2), amountInCents: 10_000 * EURO },
        { digits: fullNumberDigits(result)[0], amountInCents: 1_000 * EURO },
      ]);
    }
  });

  it("draws 2, 3, 5 and exactly 1 end-digit prizes of 4, 3, 2 and 1 digits, distinct per length", () => {
    const ranges: Record<number, [number, number, number]> = {
      4: [2, 500, 1_000],
      3: [3, 100, 250],
      2: [5, 25, 50],
      1: [1, 5, 20],
    };
    for (const { result } of classic) {
      for (const [length, [count, min, max]] of Object.entries(ranges)) {
        const prizes = result.endDigitPrizes.filter((prize) => prize.digits.length === Number(length));
        expect(prizes).toHaveLength(count);
        expect(new Set(prizes.map((prize) => prize.digits)).size).toBe(count);
        for (const prize of prizes) {
          expect(euros(prize.amountInCents)).toBeGreaterThanOrEqual(min);
          expect(euros(prize.amountInCents)).toBeLessThanOrEqual(max);
        }
      }
    }
  });

  it("draws the XL prizes: EUR 1M on 5 begin digits, EUR 1,000 on 4, EUR 50 on 3", () => {
    for (const { result } of classic) {
      expect(result.xlPrizes.map((prize) => [prize.beginDigits.length, euros(prize.amountInCents)])).toEqual([
        [5, 1_000_000],
        [4, 1_000],
        [4, 1_000],
        [3, 50],
        [3, 50],
        [3, 50],
      ]);
    }
  });

  it("pays EUR 5,000 consolation prizes on the numbers beside the jackpot number", () => {
    for (const { result } of classic) {
      expect(result.consolationPrizes).toEqual(
        adjacentNumbers(result.jackpot.number).map((number) => ({ number, amountInCents: 5_000 * EURO })),
      );
    }
  });

  it("pays what the prize engine expects: a street always wins its one-end-digit prize once", () => {
    for (const { result } of classic) {
      const street = Array.from({ length: 10 }, (_, last) => `${result.jackpot.number.slice(0, 6)}${last}`);
      const winners = street.filter((number) =>
        ticketPrizes(result, { number, fraction: "WHOLE", withXl: false }).prizes.some(
          (prize) => prize.category === "endDigits1",
        ),
      );
      expect(winners).toHaveLength(1);
      const jackpot = ticketPrizes(result, {
        number: result.jackpot.number,
        fraction: "WHOLE",
        withXl: false,
      });
      expect(jackpot.prizes[0]).toMatchObject({
        category: "jackpot",
        amountInCents: result.jackpot.amountInCents,
      });
      expect(jackpot.prizes.some((prize) => prize.category === "sameDigits")).toBe(false);
    }
  });
});

describe("adjacentNumbers", () => {
  it("gives the numbers one below and one above, with the same letters", () => {
    expect(adjacentNumbers("CS45657")).toEqual(["CS45656", "CS45658"]);
    expect(adjacentNumbers("AB10000")).toEqual(["AB09999", "AB10001"]);
  });

  it("leaves out a neighbour outside 00000-99999", () => {
    expect(adjacentNumbers("AB00000")).toEqual(["AB00001"]);
    expect(adjacentNumbers("AB99999")).toEqual(["AB99998"]);
  });
});

describe("generateMillionGameResult", () => {
  const millionPrizes = (result: MillionGameResult) =>
    result.winningNumbers.filter((prize) => prize.amountInCents === 1_000_000 * EURO).length;

  it("lets the jackpot fall exactly when the calendar restarts it at EUR 1M, for 1 to 10 winners", () => {
    const fallen = million.filter(({ result }) => result.jackpot.fell);
    expect(fallen.length / million.length).toBeGreaterThan(0.05);
    expect(fallen.length / million.length).toBeLessThan(0.3);
    for (const { draw, nextJackpotCents, result } of million) {
      expect(result.jackpot.amountInCents).toBe(draw.jackpotCents);
      expect(result.nextJackpotInCents).toBe(nextJackpotCents);
      expect(result.jackpot.fell).toBe(nextJackpotCents === 1_000_000 * EURO);
      expect(millionPrizes(result)).toBe(result.jackpot.winners);
      if (result.jackpot.fell) {
        expect(result.jackpot.winners).toBeGreaterThanOrEqual(1);
        // Never more EUR 1M prizes than the jackpot holds.
        expect(result.jackpot.winners * 1_000_000 * EURO).toBeLessThanOrEqual(draw.jackpotCents);
      } else {
        expect(result.jackpot.winners).toBe(0);
      }
    }
    expect(Math.max(...fallen.map(({ result }) => result.jackpot.winners))).toBeGreaterThan(1);
  });

  it("draws 20 further winning numbers from EUR 25 to EUR 10,000, all numbers distinct", () => {
    for (const { result } of million) {
      const others = result.winningNumbers.slice(result.jackpot.winners);
      expect(others).toHaveLength(20);
      for (const prize of others) {
        expect(euros(prize.amountInCents)).toBeGreaterThanOrEqual(25);
        expect(euros(prize.amountInCents)).toBeLessThanOrEqual(10_000);
      }
      const numbers = result.winningNumbers.map((prize) => prize.number);
      expect(new Set(numbers).size).toBe(numbers.length);
    }
    expect(new Set(million.map(({ result }) => result.colour)).size).toBeGreaterThan(3);
  });

  it("without the next jackpot, lets it fall in some weeks and derives the next jackpot from that", () => {
    const results = Array.from({ length: 300 }, (_, week) =>
      generateMillionGameResult({ id: MILLION_GAME_ID_OFFSET + week + 1, jackpotCents: 3_000_000 * EURO }),
    );
    const fallen = results.filter((result) => result.jackpot.fell);
    expect(fallen.length / results.length).toBeGreaterThan(0.05);
    expect(fallen.length / results.length).toBeLessThan(0.25);
    for (const result of results) {
      expect(result.nextJackpotInCents).toBe(result.jackpot.fell ? 1_000_000 * EURO : 3_250_000 * EURO);
      expect(result.jackpot.winners).toBeLessThanOrEqual(3);
    }
  });
});

describe("resultFor", () => {
  it("dispatches by game type", () => {
    const kroon = {
      id: 1200,
      gameType: "KROON" as const,
      kind: "extra" as const,
      jackpotCents: 1_200_000_000,
    };
    expect(resultFor(kroon, 900_000_000)).toEqual(generateClassicResult(kroon, 900_000_000));
    const weekly = {
      id: 100_010,
      gameType: "MILJOENENSPEL" as const,
      kind: "weekly" as const,
      jackpotCents: 150_000_000,
    };
    expect(resultFor(weekly, 175_000_000)).toEqual(generateMillionGameResult(weekly, 175_000_000));
  });

  it("refuses a classic draw of the weekly kind", () => {
    expect(() =>
      resultFor({ id: 1200, gameType: "KROON", kind: "weekly", jackpotCents: 1_000_000_000 }, 100),
    ).toThrow(RangeError);
  });
});
