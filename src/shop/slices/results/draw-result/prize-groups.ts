import type { DrawSummary } from "@/src/contract/results";
import { FRACTIONS_BY_DRAW_KIND, type Fraction, isClassicDrawKind } from "@/src/domain/tickets/catalogue";
import { onFirstUse } from "@/src/lib/on-first-use";

/** The prize tables' arithmetic (shared/domain.md "Prizes and results"), apart from their markup. */

const percent = onFirstUse(
  () => new Intl.NumberFormat("nl-NL", { style: "percent", maximumFractionDigits: 1 }),
);

/** `62,5%`: the chance the jackpot falls next draw. */
export function formatChance(chancePercent: number): string {
  return percent().format(chancePercent / 100);
}

export type PartFraction = Exclude<Fraction, "WHOLE">;

/** The part of a ticket next to the whole one in the prize tables: a fifth, or a half in the year-end draw. */
export function partFractionOf(kind: DrawSummary["kind"]): PartFraction {
  const offered = isClassicDrawKind(kind) ? FRACTIONS_BY_DRAW_KIND[kind] : [];
  return offered.includes("HALF") ? "HALF" : "ONE_FIFTH";
}

const PART_DIVISOR: Record<PartFraction, number> = { HALF: 2, ONE_FIFTH: 5 };

/** What a part of a ticket wins of a whole ticket's prize. */
export function partAmountInCents(wholeAmountInCents: number, part: PartFraction): number {
  // Prize amounts are multiples of 10 cents, so a half and a fifth are whole cents.
  return Math.round(wholeAmountInCents / PART_DIVISOR[part]);
}

export type DigitPrize = { digits: string; amountInCents: number };

/**
 * Prizes in ten groups, by the digit `pick` takes (the last for end digits, the first for XL), the
 * longest digits (the highest prizes) first, so a player finds theirs by one digit of the number.
 */
export function groupByDigit(
  prizes: readonly DigitPrize[],
  pick: (digits: string) => string,
): DigitPrize[][] {
  const groups = Array.from({ length: 10 }, (): DigitPrize[] => []);
  for (const prize of prizes) groups[Number(pick(prize.digits))]?.push(prize);
  for (const group of groups) {
    group.sort(
      (a, b) =>
        b.digits.length - a.digits.length ||
        b.amountInCents - a.amountInCents ||
        a.digits.localeCompare(b.digits),
    );
  }
  return groups;
}
