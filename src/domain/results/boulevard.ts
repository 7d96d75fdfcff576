import type { Fraction } from "@/src/domain/tickets/catalogue";
import { TICKET_LETTERS } from "@/src/domain/tickets/ticket-letters";

/**
 * The boulevard game (spec sections 5 and 7; shared/domain.md "Tickets"): a boulevard is 100 consecutive
 * ticket numbers, the same 2 letters and first 3 digits with the last two running 00-99. It is named by
 * those 5 characters (`AB123`), and its prize may be split into equal shares. Shared by the API, which
 * answers for a boulevard, and the shop, which checks a player's input before asking.
 */

/** A boulevard's name: 2 letters and 3 digits. */
const BOULEVARD_ID = /^[A-Z]{2}\d{3}$/;

/** A boulevard's prize is split into at most this many shares. */
export const MAX_BOULEVARD_SHARES = 100;

/** The id as typed, without spaces and in capitals (`ab 123` is `AB123`). */
export function normaliseBoulevardId(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/** Whether a normalised id has a boulevard's shape: 2 letters and 3 digits. */
export function isBoulevardId(id: string): boolean {
  return BOULEVARD_ID.test(id);
}

/**
 * Whether a boulevard of this shape can exist: ticket numbers never use I, O or Q (they read as 1, 0 and
 * O), so no boulevard does either.
 */
export function isKnownBoulevard(id: string): boolean {
  return isBoulevardId(id) && TICKET_LETTERS.includes(id[0]!) && TICKET_LETTERS.includes(id[1]!);
}

/** The boulevard's 100 ticket numbers, from `{id}00` to `{id}99`. */
export function boulevardNumbers(id: string): string[] {
  return Array.from({ length: 100 }, (_, index) => `${id}${String(index).padStart(2, "0")}`);
}

/** The boulevard a ticket number of it belongs to: its first 5 characters. */
export function boulevardIdOf(ticketNumber: string): string {
  return ticketNumber.slice(0, 5);
}

/**
 * The number of shares as typed: a whole number from 1 to 100 (spaces around it allowed), else undefined.
 * Nothing typed is undefined too; the caller tells the two apart.
 */
export function parseShares(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^\d{1,3}$/.test(text)) return undefined;
  const shares = Number(text);
  return shares >= 1 && shares <= MAX_BOULEVARD_SHARES ? shares : undefined;
}

/** The shares a boulevard ticket of this fraction is: a fifth wins a fifth of every prize (domain.md). */
export const SHARES_OF_FRACTION: Record<Fraction, number> = { WHOLE: 1, HALF: 2, ONE_FIFTH: 5 };
