import type { Fraction } from "@/src/domain/tickets/catalogue";
import { TICKET_NUMBER } from "@/src/domain/tickets/ticket-letters";
import type { ClassicResult, DrawResult, MillionGameResult, PrizeCategory, TicketPrize } from "./draw-result";

/**
 * What one ticket number wins in a published result (shared/domain.md "Prizes and results", "Million
 * game"). Pure: the ticket checker, the account's ticket list and the payout job must all agree.
 *
 * Rules:
 * - The jackpot pays on its exact number; the result's `fell` only reports whether that number was sold.
 * - At most one prize per category (the highest when several prizes of a category match); prizes of
 *   different categories add up, so EUR 10,000 + EUR 20 shows as EUR 10,020.
 * - `sameDigits` ("same digits, other letters") pays when the 5 digits equal a prize's digits and the
 *   ticket's own number is not one of the top numbers (the jackpot or a full-number prize): the holder
 *   of a top number wins that prize instead, never also its same-digits prize.
 * - `endDigits1..4` each pay the highest prize whose digits of that length end the ticket's digits.
 * - `xl` pays only on a ticket bought with XL, and only its single highest matching begin-digit prize
 *   (the longest begin digits on a tie): an XL prize on a ticket sold without XL is not paid.
 * - A fraction wins that fraction of every classic prize; amounts are multiples of 10 cents, so a half
 *   and a fifth are exact cents. The multiplier multiplies every prize.
 * - The million game is sold whole only: fraction and XL do not apply there.
 */

export type CheckedTicket = {
  /** 2 letters and 5 digits, upper case (normalise player input first). */
  number: string;
  fraction: Fraction;
  withXl: boolean;
  /** A positive whole number; 1 when absent. */
  multiplier?: number;
};

export type TicketPrizes = { prizes: TicketPrize[]; totalInCents: number };

/** Divisors rather than ratios, so scaling stays integer arithmetic. */
const FRACTION_DIVISOR: Record<Fraction, number> = { WHOLE: 1, HALF: 2, ONE_FIFTH: 5 };

type WholePrize = { category: PrizeCategory; wholeAmountInCents: number };

/**
 * The prizes one ticket wins in `result`, in `PRIZE_CATEGORIES` order, and their total. Throws a
 * RangeError for a malformed number or multiplier: that is a caller's bug, not a losing ticket.
 */
export function ticketPrizes(result: DrawResult, ticket: CheckedTicket): TicketPrizes {
  const multiplier = ticket.multiplier ?? 1;
  if (!TICKET_NUMBER.test(ticket.number)) throw new RangeError(`Not a ticket number: ${ticket.number}`);
  if (!Number.isInteger(multiplier) || multiplier < 1) throw new RangeError(`Bad multiplier: ${multiplier}`);

  const won = result.gameType === "KROON" ? classicPrizes(result, ticket) : millionGamePrizes(result, ticket);
  const divisor = result.gameType === "KROON" ? FRACTION_DIVISOR[ticket.fraction] : 1;
  const prizes = won.map(({ category, wholeAmountInCents }) => ({
    category,
    amountInCents: (wholeAmountInCents * multiplier) / divisor,
    wholeAmountInCents,
  }));
  return { prizes, totalInCents: prizes.reduce((sum, prize) => sum + prize.amountInCents, 0) };
}

function classicPrizes(result: ClassicResult, ticket: CheckedTicket): WholePrize[] {
  const { number } = ticket;
  const digits = number.slice(2);
  const topNumbers = [result.jackpot.number, ...result.fullNumberPrizes.map((prize) => prize.number)];
  const endDigits = (length: number) =>
    result.endDigitPrizes.filter((prize) => prize.digits.length === length && digits.endsWith(prize.digits));

  const candidates: Array<[PrizeCategory, Array<{ amountInCents: number }>]> = [
    ["jackpot", result.jackpot.number === number ? [result.jackpot] : []],
    ["fullNumber", result.fullNumberPrizes.filter((prize) => prize.number === number)],
    [
      "sameDigits",
      topNumbers.includes(number) ? [] : result.sameDigitsPrizes.filter((prize) => prize.digits === digits),
    ],
    ["endDigits4", endDigits(4)],
    ["endDigits3", endDigits(3)],
    ["endDigits2", endDigits(2)],
    ["endDigits1", endDigits(1)],
    ["xl", ticket.withXl ? bestXlMatch(result, digits) : []],
    ["consolation", result.consolationPrizes.filter((prize) => prize.number === number)],
  ];
  return candidates.flatMap(([category, matches]) => highest(category, matches));
}

/** The single XL prize a number wins: the highest amount, the longest begin digits on a tie. */
function bestXlMatch(result: ClassicResult, digits: string) {
  const matches = result.xlPrizes.filter((prize) => digits.startsWith(prize.beginDigits));
  const best = matches.reduce<(typeof matches)[number] | undefined>(
    (top, prize) =>
      !top ||
      prize.amountInCents > top.amountInCents ||
      (prize.amountInCents === top.amountInCents && prize.beginDigits.length > top.beginDigits.length)
        ? prize
        : top,
    undefined,
  );
  return best ? [best] : [];
}

function millionGamePrizes(result: MillionGameResult, ticket: CheckedTicket): WholePrize[] {
  return highest(
    "millionGame",
    result.winningNumbers.filter((prize) => prize.number === ticket.number),
  );
}

/** One prize per category: the highest of the matches, or none. */
function highest(category: PrizeCategory, matches: Array<{ amountInCents: number }>): WholePrize[] {
  if (matches.length === 0) return [];
  return [{ category, wholeAmountInCents: Math.max(...matches.map((match) => match.amountInCents)) }];
}
