import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FRACTIONS } from "@/src/domain/tickets/catalogue";
import { type ClassicResult, ClassicResultSchema, type MillionGameResult } from "./draw-result";
import { type CheckedTicket, ticketPrizes } from "./prize-engine";

const EURO = 100;

/** A hand-made result whose numbers the example tests name. */
const result: ClassicResult = {
  gameType: "KROON",
  jackpot: { number: "CS45657", amountInCents: 20_000_000 * EURO, fell: true },
  nextJackpotInCents: 7_500_000 * EURO,
  nextJackpotChancePercent: 35,
  fullNumberPrizes: [
    { number: "AB12345", amountInCents: 1_000_000 * EURO },
    { number: "DE54321", amountInCents: 100_000 * EURO },
    { number: "FG11111", amountInCents: 10_000 * EURO },
  ],
  sameDigitsPrizes: [
    { digits: "45657", amountInCents: 10_000 * EURO },
    { digits: "12345", amountInCents: 1_000 * EURO },
  ],
  endDigitPrizes: [
    { digits: "4321", amountInCents: 1_000 * EURO },
    { digits: "321", amountInCents: 250 * EURO },
    { digits: "21", amountInCents: 50 * EURO },
    { digits: "37", amountInCents: 25 * EURO },
    { digits: "1", amountInCents: 20 * EURO },
  ],
  xlPrizes: [
    { beginDigits: "12345", amountInCents: 1_000_000 * EURO },
    { beginDigits: "1234", amountInCents: 1_000 * EURO },
    { beginDigits: "543", amountInCents: 50 * EURO },
  ],
  consolationPrizes: [
    { number: "CS45656", amountInCents: 5_000 * EURO },
    { number: "CS45658", amountInCents: 5_000 * EURO },
  ],
};

const whole = (number: string, withXl = false): CheckedTicket => ({ number, fraction: "WHOLE", withXl });

describe("ticketPrizes on a classic draw", () => {
  it("adds up prizes of different categories: EUR 10,000 + EUR 20 is EUR 10,020", () => {
    const { prizes, totalInCents } = ticketPrizes(result, whole("FG11111"));
    expect(prizes).toEqual([
      { category: "fullNumber", amountInCents: 10_000 * EURO, wholeAmountInCents: 10_000 * EURO },
      { category: "endDigits1", amountInCents: 20 * EURO, wholeAmountInCents: 20 * EURO },
    ]);
    expect(totalInCents).toBe(10_020 * EURO);
  });

  it("pays a fifth ticket a fifth of EUR 100,000, and of every other prize on it", () => {
    const { prizes, totalInCents } = ticketPrizes(result, { ...whole("DE54321"), fraction: "ONE_FIFTH" });
    expect(prizes).toContainEqual({
      category: "fullNumber",
      amountInCents: 20_000 * EURO,
      wholeAmountInCents: 100_000 * EURO,
    });
    // 100,000 + 1,000 (4321) + 250 (321) + 50 (21) + 20 (1), divided by five.
    expect(totalInCents).toBe(20_264 * EURO);
  });

  it("pays half a ticket half of each prize", () => {
    const { totalInCents } = ticketPrizes(result, { ...whole("FG11111"), fraction: "HALF" });
    expect(totalInCents).toBe(5_010 * EURO);
  });

  it("refuses an XL prize on a ticket sold without XL, but keeps its other prizes", () => {
    const withoutXl = ticketPrizes(result, whole("KL12349"));
    expect(withoutXl.prizes.map((prize) => prize.category)).toEqual([]);

    const withXl = ticketPrizes(result, whole("KL12349", true));
    expect(withXl.prizes).toEqual([
      { category: "xl", amountInCents: 1_000 * EURO, wholeAmountInCents: 1_000 * EURO },
    ]);
  });

  it("pays only the highest XL prize when several begin digits match", () => {
    const { prizes } = ticketPrizes(result, whole("KL12345", true));
    expect(prizes.filter((prize) => prize.category === "xl")).toEqual([
      { category: "xl", amountInCents: 1_000_000 * EURO, wholeAmountInCents: 1_000_000 * EURO },
    ]);
  });

  it("pays the jackpot on its number, without the same-digits prize for those digits", () => {
    const { prizes } = ticketPrizes(result, whole("CS45657"));
    expect(prizes.map((prize) => prize.category)).toEqual(["jackpot"]);
    expect(prizes[0]!.amountInCents).toBe(20_000_000 * EURO);
  });

  it("pays the same 5 digits with other letters", () => {
    expect(ticketPrizes(result, whole("ZZ45657")).prizes).toEqual([
      { category: "sameDigits", amountInCents: 10_000 * EURO, wholeAmountInCents: 10_000 * EURO },
    ]);
    // The EUR 1M number's own holder wins the full-number prize, not also its same-digits prize.
    expect(ticketPrizes(result, whole("AB12345")).prizes.map((prize) => prize.category)).toEqual([
      "fullNumber",
    ]);
    expect(ticketPrizes(result, whole("AC12345")).prizes.map((prize) => prize.category)).toEqual([
      "sameDigits",
    ]);
  });

  it("pays the consolation prize next to the jackpot number", () => {
    expect(ticketPrizes(result, whole("CS45658")).prizes).toEqual([
      { category: "consolation", amountInCents: 5_000 * EURO, wholeAmountInCents: 5_000 * EURO },
    ]);
  });

  it("pays end digits of every length at once, one prize per length", () => {
    const { prizes, totalInCents } = ticketPrizes(result, whole("XY04321"));
    expect(prizes.map((prize) => prize.category)).toEqual([
      "endDigits4",
      "endDigits3",
      "endDigits2",
      "endDigits1",
    ]);
    expect(totalInCents).toBe((1_000 + 250 + 50 + 20) * EURO);
  });

  it("pays the highest of several prizes on the same number once", () => {
    const doubled: ClassicResult = {
      ...result,
      fullNumberPrizes: [
        { number: "FG11111", amountInCents: 2_500 * EURO },
        { number: "FG11111", amountInCents: 10_000 * EURO },
      ],
    };
    const { prizes } = ticketPrizes(doubled, whole("FG11111"));
    expect(prizes.filter((prize) => prize.category === "fullNumber")).toEqual([
      { category: "fullNumber", amountInCents: 10_000 * EURO, wholeAmountInCents: 10_000 * EURO },
    ]);
  });

  it("multiplies every prize by the multiplier", () => {
    const { totalInCents } = ticketPrizes(result, {
      ...whole("FG11111"),
      fraction: "ONE_FIFTH",
      multiplier: 3,
    });
    expect(totalInCents).toBe(6_012 * EURO);
  });

  it("wins nothing on a number without prizes", () => {
    expect(ticketPrizes(result, whole("AA00000"))).toEqual({ prizes: [], totalInCents: 0 });
  });

  it("refuses a malformed number or multiplier instead of reporting a loss", () => {
    expect(() => ticketPrizes(result, whole("fg11111"))).toThrow(RangeError);
    expect(() => ticketPrizes(result, whole("FG1111"))).toThrow(RangeError);
    expect(() => ticketPrizes(result, { ...whole("FG11111"), multiplier: 0 })).toThrow(RangeError);
    expect(() => ticketPrizes(result, { ...whole("FG11111"), multiplier: 1.5 })).toThrow(RangeError);
  });
});

describe("ticketPrizes on a million-game draw", () => {
  const million: MillionGameResult = {
    gameType: "MILJOENENSPEL",
    colour: "oranje",
    jackpot: { amountInCents: 3_250_000 * EURO, fell: true, winners: 2 },
    nextJackpotInCents: 1_000_000 * EURO,
    winningNumbers: [
      { number: "BH20481", amountInCents: 1_000_000 * EURO },
      { number: "CK77310", amountInCents: 1_000_000 * EURO },
      { number: "AD01234", amountInCents: 25 * EURO },
    ],
  };

  it("pays a winning number whole, whatever fraction or XL the caller passes", () => {
    for (const fraction of FRACTIONS) {
      expect(ticketPrizes(million, { number: "BH20481", fraction, withXl: true })).toEqual({
        prizes: [
          { category: "millionGame", amountInCents: 1_000_000 * EURO, wholeAmountInCents: 1_000_000 * EURO },
        ],
        totalInCents: 1_000_000 * EURO,
      });
    }
  });

  it("pays nothing on the same digits with other letters", () => {
    expect(ticketPrizes(million, whole("BJ20481")).prizes).toEqual([]);
  });
});

// Properties. Numbers come from tiny alphabets so tickets and prizes collide often enough to matter.
const letter = fc.constantFrom("A", "B");
const smallDigit: fc.Arbitrary<string> = fc.constantFrom("0", "1", "2");
const anyDigit = fc.constantFrom(..."0123456789");
const digitsOf = (length: number, digit = smallDigit) =>
  fc.array(digit, { minLength: length, maxLength: length }).map((digits) => digits.join(""));
const lettersArb = fc.tuple(letter, letter).map(([a, b]) => a + b);
const numberArb = fc.tuple(lettersArb, digitsOf(5)).map(([letters, digits]) => letters + digits);
/** Any positive amount in multiples of 10 cents, as the result schema allows. */
const centsArb = fc.integer({ min: 1, max: 5_000_000_000 }).map((tens) => tens * 10);
const numbered = fc.record({ number: numberArb, amountInCents: centsArb });

const classicResultArb: fc.Arbitrary<ClassicResult> = fc.record({
  gameType: fc.constant("KROON" as const),
  jackpot: fc.record({ number: numberArb, amountInCents: centsArb, fell: fc.boolean() }),
  nextJackpotInCents: centsArb,
  nextJackpotChancePercent: fc.integer({ min: 0, max: 100 }),
  fullNumberPrizes: fc.array(numbered, { maxLength: 8 }),
  sameDigitsPrizes: fc.array(fc.record({ digits: digitsOf(5), amountInCents: centsArb }), { maxLength: 4 }),
  // The schema promises exactly one 1-digit prize; longer end digits come in any number.
  endDigitPrizes: fc
    .tuple(
      fc.array(
        fc.record({
          digits: fc.integer({ min: 2, max: 4 }).chain((length) => digitsOf(length)),
          amountInCents: centsArb,
        }),
        { maxLength: 10 },
      ),
      fc.record({ digits: anyDigit, amountInCents: centsArb }),
    )
    .map(([longer, oneDigit]) => [...longer, oneDigit]),
  xlPrizes: fc.array(
    fc.record({
      beginDigits: fc.integer({ min: 2, max: 5 }).chain((length) => digitsOf(length)),
      amountInCents: centsArb,
    }),
    { maxLength: 6 },
  ),
  consolationPrizes: fc.array(numbered, { maxLength: 3 }),
});

/** A ticket on a result: often one of its own numbers or digits, so every category gets exercised. */
const resultAndTicketArb = classicResultArb.chain((drawn) => {
  const ownNumbers = [
    drawn.jackpot.number,
    ...drawn.fullNumberPrizes.map((prize) => prize.number),
    ...drawn.consolationPrizes.map((prize) => prize.number),
  ];
  const ownDigits = [
    ...ownNumbers.map((own) => own.slice(2)),
    ...drawn.sameDigitsPrizes.map((prize) => prize.digits),
  ];
  const number = fc.oneof(
    numberArb,
    fc.constantFrom(...ownNumbers),
    fc.tuple(lettersArb, fc.constantFrom(...ownDigits)).map(([letters, digits]) => letters + digits),
  );
  const ticket = fc.record({
    number,
    fraction: fc.constantFrom(...FRACTIONS),
    withXl: fc.boolean(),
    multiplier: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  });
  return fc.tuple(fc.constant(drawn), ticket);
});

const streetPrefixArb = fc
  .tuple(lettersArb, digitsOf(4, anyDigit))
  .map(([letters, digits]) => letters + digits);
const boulevardPrefixArb = fc
  .tuple(lettersArb, digitsOf(3, anyDigit))
  .map(([letters, digits]) => letters + digits);
/** A street: same letters and first 4 digits, the last digit 0-9 (shared/domain.md "Tickets"). */
const streetNumbers = (prefix: string) => Array.from({ length: 10 }, (_, last) => `${prefix}${last}`);
/** A boulevard: same letters and first 3 digits, the last two 00-99. */
const boulevardNumbers = (prefix: string) =>
  Array.from({ length: 100 }, (_, last) => `${prefix}${String(last).padStart(2, "0")}`);

const categoryAmount = (drawn: ClassicResult, number: string, category: string) =>
  ticketPrizes(drawn, whole(number)).prizes.find((prize) => prize.category === category)?.amountInCents;

describe("ticketPrizes properties", () => {
  it("only generates results the schema accepts", () => {
    fc.assert(fc.property(classicResultArb, (drawn) => ClassicResultSchema.safeParse(drawn).success));
  });

  it("gives a street's one-end-digit prize to exactly one of its 10 numbers", () => {
    fc.assert(
      fc.property(classicResultArb, streetPrefixArb, (drawn, prefix) => {
        const oneDigit = drawn.endDigitPrizes.find((prize) => prize.digits.length === 1)!;
        const winners = streetNumbers(prefix).filter((number) => categoryAmount(drawn, number, "endDigits1"));
        expect(winners).toEqual([`${prefix}${oneDigit.digits}`]);
        expect(categoryAmount(drawn, winners[0]!, "endDigits1")).toBe(oneDigit.amountInCents);
      }),
    );
  });

  it("gives each two-end-digit prize to exactly one number of a boulevard", () => {
    fc.assert(
      fc.property(classicResultArb, boulevardPrefixArb, (drawn, prefix) => {
        const twoDigits = new Set(
          drawn.endDigitPrizes.filter((prize) => prize.digits.length === 2).map((prize) => prize.digits),
        );
        const winners = boulevardNumbers(prefix).filter((number) =>
          categoryAmount(drawn, number, "endDigits2"),
        );
        expect(new Set(winners.map((number) => number.slice(-2)))).toEqual(twoDigits);
        expect(winners).toHaveLength(twoDigits.size);
      }),
    );
  });

  it("scales fractions exactly in cents: a half twice and a fifth five times is the whole", () => {
    fc.assert(
      fc.property(resultAndTicketArb, ([drawn, ticket]) => {
        const wholePrizes = ticketPrizes(drawn, { ...ticket, fraction: "WHOLE" });
        const half = ticketPrizes(drawn, { ...ticket, fraction: "HALF" });
        const fifth = ticketPrizes(drawn, { ...ticket, fraction: "ONE_FIFTH" });
        expect(half.prizes.map((prize) => prize.amountInCents * 2)).toEqual(
          wholePrizes.prizes.map((prize) => prize.amountInCents),
        );
        expect(fifth.prizes.map((prize) => prize.amountInCents * 5)).toEqual(
          wholePrizes.prizes.map((prize) => prize.amountInCents),
        );
        for (const prize of [...half.prizes, ...fifth.prizes])
          expect(Number.isInteger(prize.amountInCents)).toBe(true);
        expect(half.totalInCents * 2).toBe(wholePrizes.totalInCents);
        expect(fifth.totalInCents * 5).toBe(wholePrizes.totalInCents);
      }),
    );
  });

  it("never pays two prizes of one category, and totals exactly the prizes it lists", () => {
    fc.assert(
      fc.property(resultAndTicketArb, ([drawn, ticket]) => {
        const { prizes, totalInCents } = ticketPrizes(drawn, ticket);
        const categories = prizes.map((prize) => prize.category);
        expect(new Set(categories).size).toBe(categories.length);
        expect(totalInCents).toBe(prizes.reduce((sum, prize) => sum + prize.amountInCents, 0));
        for (const prize of prizes) {
          expect(prize.amountInCents).toBeGreaterThan(0);
          expect(prize.amountInCents).toBe(
            (prize.wholeAmountInCents * (ticket.multiplier ?? 1)) /
              { WHOLE: 1, HALF: 2, ONE_FIFTH: 5 }[ticket.fraction],
          );
        }
      }),
    );
  });

  it("never pays an XL prize without XL, and XL never changes the other prizes", () => {
    fc.assert(
      fc.property(resultAndTicketArb, ([drawn, ticket]) => {
        const withoutXl = ticketPrizes(drawn, { ...ticket, withXl: false }).prizes;
        const withXl = ticketPrizes(drawn, { ...ticket, withXl: true }).prizes;
        expect(withoutXl.some((prize) => prize.category === "xl")).toBe(false);
        expect(withXl.filter((prize) => prize.category !== "xl")).toEqual(withoutXl);
      }),
    );
  });

  it("never pays the same-digits prize to the holder of a top number", () => {
    fc.assert(
      fc.property(resultAndTicketArb, ([drawn, ticket]) => {
        const categories = ticketPrizes(drawn, ticket).prizes.map((prize) => prize.category);
        const topHolder = categories.includes("jackpot") || categories.includes("fullNumber");
        expect(topHolder && categories.includes("sameDigits")).toBe(false);
      }),
    );
  });
});
