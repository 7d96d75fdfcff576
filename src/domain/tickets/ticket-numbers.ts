import type { EndDigitsPair } from "@/src/domain/tickets/basket-ticket";
import type { ProductType } from "@/src/domain/tickets/catalogue";
import { TICKET_LETTERS } from "@/src/domain/tickets/ticket-letters";

/**
 * Ticket numbers (shared/domain.md): 2 letters then 5 digits. A street is 10 consecutive numbers (the
 * last digit runs 0-9), a boulevard 100 (the last two run 00-99). Chosen end digits are kept: a single
 * ticket fixes its last two digits, a street the digit just before its run, a boulevard the two digits
 * just before its run. Anything not chosen is drawn at random.
 */

/** A random integer from 0 up to (not including) `below`. */
export type RandomInt = (below: number) => number;

const chosen = (digit: number | undefined, random: RandomInt) =>
  digit !== undefined && digit >= 0 ? digit : random(10);

/** The numbers of one ticket of a product: 1, 10 or 100 of them. */
export function ticketNumbers(
  productType: ProductType | "MillionGame",
  pair: EndDigitsPair | undefined,
  random: RandomInt,
): string[] {
  const letters =
    TICKET_LETTERS[random(TICKET_LETTERS.length)]! + TICKET_LETTERS[random(TICKET_LETTERS.length)]!;
  if (productType === "Street") {
    const prefix = `${letters}${random(10)}${random(10)}${random(10)}${chosen(pair?.[1], random)}`;
    return Array.from({ length: 10 }, (_, last) => `${prefix}${last}`);
  }
  if (productType === "Boulevard") {
    const prefix = `${letters}${random(10)}${chosen(pair?.[0], random)}${chosen(pair?.[1], random)}`;
    return Array.from({ length: 100 }, (_, last) => `${prefix}${String(last).padStart(2, "0")}`);
  }
  return [
    `${letters}${random(10)}${random(10)}${random(10)}${chosen(pair?.[0], random)}${chosen(pair?.[1], random)}`,
  ];
}
