import { type ClassicDrawKind, isClassicDrawKind } from "@/src/domain/tickets/catalogue";
import { TICKET_LETTERS } from "@/src/domain/tickets/ticket-letters";
import {
  type ClassicResult,
  ClassicResultSchema,
  type DrawResult,
  MILLION_GAME_COLOURS,
  type MillionGameResult,
  MillionGameResultSchema,
} from "./draw-result";

/**
 * Realistic, deterministic results for seed and demo data (shared/domain.md "Prizes and results",
 * "Million game"). Each draw seeds its own PRNG with its id, so every machine and every re-seed shows the
 * same numbers, and adding a draw never changes another draw's result.
 *
 * Classic prize table (whole-ticket amounts):
 * - jackpot: the draw's jackpot; it falls in about 1 of 4 draws, always in the year-end draw (guaranteed);
 * - full number: 1 x EUR 1M, 5 x 100k, 10 x 10k, 10 x 2,500, 4 x 1,000, 4 x 500, 3 x 100, 3 x 50;
 * - same 5 digits, other letters: EUR 10,000 on the jackpot's digits, EUR 1,000 on the EUR 1M number's;
 * - end digits: 2 x 4 digits (EUR 500-1,000), 3 x 3 (EUR 100-250), 5 x 2 (EUR 25-50), exactly 1 x 1
 *   (EUR 5-20), distinct digits within each length;
 * - XL begin digits: 1 x 5 digits EUR 1M (the XL top prize), 2 x 4 digits EUR 1,000, 3 x 3 digits EUR 50;
 * - consolation: the numbers one below and one above the jackpot number, EUR 5,000 each.
 * All top numbers (jackpot, its neighbours, full-number prizes) have distinct digits, so one number never
 * collects two same-digits prizes and a consolation number is never also a full-number prize.
 */

const EURO = 100;
/** Historically the first letter of a winning number ran A-H (shared/domain.md "Tickets"). */
const FIRST_LETTERS = TICKET_LETTERS.slice(0, TICKET_LETTERS.indexOf("H") + 1);

/** `count` prizes of `euros` each; a list of amounts is drawn from per prize. */
type Tier = { count: number; euros: number | readonly number[] };
type DigitTier = Tier & { length: number };

const FULL_NUMBER_TIERS: readonly Tier[] = [
  { count: 1, euros: 1_000_000 },
  { count: 5, euros: 100_000 },
  { count: 10, euros: 10_000 },
  { count: 10, euros: 2_500 },
  { count: 4, euros: 1_000 },
  { count: 4, euros: 500 },
  { count: 3, euros: 100 },
  { count: 3, euros: 50 },
];
const END_DIGIT_TIERS: readonly DigitTier[] = [
  { length: 4, count: 2, euros: [500, 750, 1_000] },
  { length: 3, count: 3, euros: [100, 150, 200, 250] },
  { length: 2, count: 5, euros: [25, 50] },
  { length: 1, count: 1, euros: [5, 10, 15, 20] },
];
const XL_TIERS: readonly DigitTier[] = [
  { length: 5, count: 1, euros: 1_000_000 },
  { length: 4, count: 2, euros: 1_000 },
  { length: 3, count: 3, euros: 50 },
];
const JACKPOT_SAME_DIGITS_EUROS = 10_000;
const MILLION_SAME_DIGITS_EUROS = 1_000;
const CONSOLATION_EUROS = 5_000;
const JACKPOT_FALLS = 0.25;
const NEXT_CHANCE_PERCENT = { min: 20, max: 60 };

/** Million game (shared/domain.md): the jackpot starts at EUR 1M, grows weekly, splits into EUR 1M prizes. */
const MILLION_GAME_START_CENTS = 1_000_000 * EURO;
/** Weekly growth of an unfallen jackpot, as the seed calendar (src/backend/db/seed-draws.ts) grows it. */
const MILLION_GAME_WEEKLY_GROWTH_CENTS = 250_000 * EURO;
const MILLION_GAME_JACKPOT_FALLS = 0.14;
const MILLION_GAME_MAX_WINNERS = 10;
const MILLION_GAME_TIERS: readonly Tier[] = [
  { count: 1, euros: 10_000 },
  { count: 2, euros: 2_500 },
  { count: 3, euros: 1_000 },
  { count: 4, euros: 250 },
  { count: 4, euros: 100 },
  { count: 6, euros: 25 },
];
/** Keeps the million game's sequence apart from a classic draw that might share an id. */
const MILLION_GAME_SALT = 0x9e3779b9;

type Random = {
  /** An integer from 0 up to (not including) `below`. */
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

/** mulberry32: tiny, fast and well mixed even for consecutive seeds such as draw ids. */
function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { int, pick: (items) => items[int(items.length)]!, chance: (probability) => next() < probability };
}

const padded = (value: number, length: number) => String(value).padStart(length, "0");

/** A digit string of `length` not yet in `used`; records it there. */
function freshDigits(random: Random, length: number, used: Set<string>): string {
  let digits: string;
  do digits = padded(random.int(10 ** length), length);
  while (used.has(digits));
  used.add(digits);
  return digits;
}

function ticketNumber(random: Random, digits: string): string {
  return random.pick([...FIRST_LETTERS]) + random.pick([...TICKET_LETTERS]) + digits;
}

function tierCents(random: Random, tier: Tier): number {
  return (typeof tier.euros === "number" ? tier.euros : random.pick(tier.euros)) * EURO;
}

const highestFirst = (a: { amountInCents: number }, b: { amountInCents: number }) =>
  b.amountInCents - a.amountInCents;

/** Prizes on digits of each tier's length, distinct within a length, longest then highest first. */
function digitPrizes(random: Random, tiers: readonly DigitTier[]) {
  return tiers.flatMap((tier) => {
    const used = new Set<string>();
    return Array.from({ length: tier.count }, () => ({
      digits: freshDigits(random, tier.length, used),
      amountInCents: tierCents(random, tier),
    })).sort(highestFirst);
  });
}

/**
 * The numbers one below and one above `number` with the same letters, leaving out any that would fall
 * outside 00000-99999 (so AB00000 has only AB00001 beside it).
 */
export function adjacentNumbers(number: string): string[] {
  const letters = number.slice(0, 2);
  const value = Number(number.slice(2));
  return [value - 1, value + 1]
    .filter((neighbour) => neighbour >= 0 && neighbour <= 99_999)
    .map((neighbour) => letters + padded(neighbour, 5));
}

export type ClassicDraw = { id: number; kind: ClassicDrawKind; jackpotCents: number };

/**
 * The result of a classic draw. `nextJackpotCents` is the following draw's jackpot, so the two agree.
 * Throws a ZodError when the amounts passed in are not positive multiples of 10 cents.
 */
export function generateClassicResult(draw: ClassicDraw, nextJackpotCents: number): ClassicResult {
  const random = seededRandom(draw.id);
  const usedDigits = new Set<string>();

  const jackpotNumber = ticketNumber(random, freshDigits(random, 5, usedDigits));
  const neighbours = adjacentNumbers(jackpotNumber);
  for (const neighbour of neighbours) usedDigits.add(neighbour.slice(2));

  const fullNumberPrizes = FULL_NUMBER_TIERS.flatMap((tier) =>
    Array.from({ length: tier.count }, () => ({
      number: ticketNumber(random, freshDigits(random, 5, usedDigits)),
      amountInCents: tierCents(random, tier),
    })),
  );
  const millionNumber = fullNumberPrizes[0]!.number;

  return ClassicResultSchema.parse({
    gameType: "KROON",
    jackpot: {
      number: jackpotNumber,
      amountInCents: draw.jackpotCents,
      // Drawn even for the year-end draw, so its sequence does not depend on the kind.
      fell: random.chance(JACKPOT_FALLS) || draw.kind === "yearEnd",
    },
    nextJackpotInCents: nextJackpotCents,
    nextJackpotChancePercent:
      NEXT_CHANCE_PERCENT.min + random.int(NEXT_CHANCE_PERCENT.max - NEXT_CHANCE_PERCENT.min + 1),
    fullNumberPrizes,
    sameDigitsPrizes: [
      { digits: jackpotNumber.slice(2), amountInCents: JACKPOT_SAME_DIGITS_EUROS * EURO },
      { digits: millionNumber.slice(2), amountInCents: MILLION_SAME_DIGITS_EUROS * EURO },
    ],
    endDigitPrizes: digitPrizes(random, END_DIGIT_TIERS),
    xlPrizes: digitPrizes(random, XL_TIERS).map(({ digits, amountInCents }) => ({
      beginDigits: digits,
      amountInCents,
    })),
    consolationPrizes: neighbours.map((number) => ({ number, amountInCents: CONSOLATION_EUROS * EURO })),
  });
}

export type MillionGameDraw = { id: number; jackpotCents: number };

/**
 * The result of a weekly million-game draw. Pass the next week's jackpot when it is known: the jackpot
 * fell exactly when the next one restarts at EUR 1M, so result and calendar agree. Without it the jackpot
 * falls in about 14% of weeks and the next jackpot follows from that. When it falls it splits into EUR 1M
 * prizes for 1 to 10 winners, never more than the jackpot holds. Throws a ZodError on bad amounts.
 */
export function generateMillionGameResult(
  draw: MillionGameDraw,
  nextJackpotCents?: number,
): MillionGameResult {
  const random = seededRandom(draw.id ^ MILLION_GAME_SALT);
  const drawnFell = random.chance(MILLION_GAME_JACKPOT_FALLS);
  const fell = nextJackpotCents === undefined ? drawnFell : nextJackpotCents === MILLION_GAME_START_CENTS;
  const maxWinners = Math.min(
    MILLION_GAME_MAX_WINNERS,
    Math.max(1, Math.floor(draw.jackpotCents / MILLION_GAME_START_CENTS)),
  );
  const winners = fell ? 1 + random.int(maxWinners) : 0;

  const usedDigits = new Set<string>();
  const prize = (amountInCents: number) => ({
    number: ticketNumber(random, freshDigits(random, 5, usedDigits)),
    amountInCents,
  });
  const tierPrizes = MILLION_GAME_TIERS.flatMap((tier) =>
    Array.from({ length: tier.count }, () => prize(tierCents(random, tier))),
  );

  return MillionGameResultSchema.parse({
    gameType: "MILJOENENSPEL",
    colour: random.pick(MILLION_GAME_COLOURS),
    jackpot: { amountInCents: draw.jackpotCents, fell, winners },
    nextJackpotInCents:
      nextJackpotCents ??
      (fell ? MILLION_GAME_START_CENTS : draw.jackpotCents + MILLION_GAME_WEEKLY_GROWTH_CENTS),
    winningNumbers: [
      ...Array.from({ length: winners }, () => prize(MILLION_GAME_START_CENTS)),
      ...tierPrizes,
    ].sort(highestFirst),
  });
}

/** A draw as the seed calendar describes it (structurally `SeedDraw` from src/backend/db/seed-draws.ts). */
export type ResultDraw = {
  id: number;
  gameType: "KROON" | "MILJOENENSPEL";
  kind: ClassicDrawKind | "weekly";
  jackpotCents: number;
};

/** The result of any seed draw, by its game type. Throws a RangeError for a classic draw of kind "weekly". */
export function resultFor(draw: ResultDraw, nextJackpotCents: number): DrawResult {
  if (draw.gameType === "MILJOENENSPEL") return generateMillionGameResult(draw, nextJackpotCents);
  if (!isClassicDrawKind(draw.kind)) throw new RangeError(`A classic draw cannot be ${draw.kind}`);
  return generateClassicResult(
    { id: draw.id, kind: draw.kind, jackpotCents: draw.jackpotCents },
    nextJackpotCents,
  );
}
