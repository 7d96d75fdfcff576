import type { ConfiguredTicket, SaleDraw } from "@/src/contract/tickets";
import type { EndDigitsPair } from "@/src/domain/tickets/basket-ticket";
import {
  type Fraction,
  PRODUCT_UNITS,
  type ProductType,
  UNCHOSEN_DIGIT,
} from "@/src/domain/tickets/catalogue";
import { serverErrorsByInput } from "@/src/shop/components/field-error";

/**
 * The configurator's rules as pure functions (spec sections 3, 5 and 9): which choices are in force,
 * what the player's input means as a ticket, and what it costs. The server recomputes every price.
 */

export type PriceLine = SaleDraw["prices"][number];
export type DigitCount = 1 | 2;

/** A whole number from 1 to `max` as the player typed it, else undefined. */
export function parseQuantity(text: string, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return undefined;
  const quantity = Number(trimmed);
  return quantity >= 1 && quantity <= max ? quantity : undefined;
}

/**
 * One ticket's end-digit input as a pair (spec section 5): empty is random ([-1, -1]); a street takes one
 * digit 0-9, kept second ([-1, 7]); other products take exactly two digits 00-99 ([0, 7]). Undefined: invalid.
 */
export function toEndDigitsPair(value: string, digitCount: DigitCount): EndDigitsPair | undefined {
  const text = value.trim();
  if (text === "") return [UNCHOSEN_DIGIT, UNCHOSEN_DIGIT];
  if (!(digitCount === 1 ? /^\d$/ : /^\d\d$/).test(text)) return undefined;
  return digitCount === 1 ? [UNCHOSEN_DIGIT, Number(text)] : [Number(text[0]), Number(text[1])];
}

function isRandom(pair: EndDigitsPair): boolean {
  return pair[0] === UNCHOSEN_DIGIT && pair[1] === UNCHOSEN_DIGIT;
}

/**
 * The `endDigits` of tickets 1..quantity, or undefined when one is invalid. Trailing random tickets are
 * left out (the server draws them), so pair `i` is always ticket `i + 1` and a server error on
 * `endDigits.i` points at the right input.
 */
export function endDigitsPayload(
  values: readonly string[],
  quantity: number,
  digitCount: DigitCount,
): EndDigitsPair[] | undefined {
  const pairs: EndDigitsPair[] = [];
  for (let index = 0; index < quantity; index++) {
    const pair = toEndDigitsPair(values[index] ?? "", digitCount);
    if (!pair) return undefined;
    pairs.push(pair);
  }
  while (pairs.length > 0 && isRandom(pairs[pairs.length - 1]!)) pairs.pop();
  return pairs;
}

/** Draws whose sales are still open at `now`; before the browser knows the time, all that were sent. */
export function openDraws(draws: readonly SaleDraw[], now: number | undefined): SaleDraw[] {
  if (now === undefined) return [...draws];
  return draws.filter((draw) => Date.parse(draw.salesCloseDateTime) > now);
}

/** The chosen draw, or the first on offer when the choice is not (or no longer) on sale. */
export function drawInForce(draws: readonly SaleDraw[], drawId: number | undefined): SaleDraw | undefined {
  return draws.find((draw) => draw.drawId === drawId) ?? draws[0];
}

/** The chosen fraction when the draw sells it, else the draw's first (the year-end draw sells no fifths). */
export function fractionInForce(draw: SaleDraw, fraction: Fraction): Fraction {
  return draw.fractions.includes(fraction) ? fraction : (draw.fractions[0] ?? "WHOLE");
}

export function findPriceLine(
  draw: SaleDraw,
  productType: ProductType,
  fraction: Fraction,
): PriceLine | undefined {
  return draw.prices.find((line) => line.productType === productType && line.fraction === fraction);
}

export type PriceSummary = {
  /** One basket ticket (a whole street or boulevard), with XL when chosen. */
  pricePerTicketInCents: number;
  /** What XL adds to one basket ticket. */
  xlExtraInCents: number;
  totalInCents: number;
  /** Single-ticket units, as the basket limit counts them (spec section 9). */
  units: number;
};

export function priceSummary(
  line: PriceLine,
  choice: { withXl: boolean; quantity: number; multiplier: number },
): PriceSummary {
  const pricePerTicketInCents = choice.withXl
    ? line.pricePerTicketWithAddOnInCents
    : line.pricePerTicketInCents;
  return {
    pricePerTicketInCents,
    xlExtraInCents: line.pricePerTicketWithAddOnInCents - line.pricePerTicketInCents,
    totalInCents: pricePerTicketInCents * choice.quantity * choice.multiplier,
    units: PRODUCT_UNITS[line.productType] * choice.quantity * choice.multiplier,
  };
}

/** Names of the form's inputs; they match the body fields of ConfiguredTicket, so server errors map 1:1. */
export const FIELD_NAMES = [
  "drawId",
  "productType",
  "fraction",
  "withXl",
  "quantity",
  "multiplier",
  "endDigits",
] as const satisfies ReadonlyArray<keyof ConfiguredTicket>;
export type FieldName = (typeof FIELD_NAMES)[number];

/** The input name of ticket `index`'s end digits (0-based). */
export function endDigitsInputName(index: number): `endDigits.${number}` {
  return `endDigits.${index}`;
}

/**
 * Which input a server field error belongs to: `quantity` -> `quantity`, `endDigits.3.1` -> `endDigits.3`,
 * `endDigits` -> the end-digit group. Undefined for keys the form has no input for (e.g. `params.pageId`).
 */
export function errorTarget(key: string): string | undefined {
  const [field, index] = key.split(".");
  if (!(FIELD_NAMES as readonly string[]).includes(field ?? "")) return undefined;
  if (field === "endDigits" && index !== undefined && /^\d+$/.test(index))
    return endDigitsInputName(Number(index));
  return field;
}

/**
 * Server field errors by input name, plus the messages no input can show (those go to the form's alert).
 */
export function fieldErrorsByInput(fieldErrors: Readonly<Record<string, readonly string[]>>): {
  byInput: Record<string, string>;
  unmatched: string[];
} {
  return serverErrorsByInput(fieldErrors, errorTarget);
}
