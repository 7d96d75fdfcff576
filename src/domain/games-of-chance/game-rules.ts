import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { TICKET_NUMBER } from "../tickets/ticket-letters";

/**
 * Promotional games of chance (issue 19; domain.md): players enter with the tickets they have, however they
 * bought them, while the game runs; which tickets count is the editor's choice (the dates of their draws,
 * their product types). Pure rules, shared by the API and its tests.
 */

export const ENTRY_METHODS = ["online", "manual", "retail", "link", "subscribe"] as const;
export type EntryMethod = (typeof ENTRY_METHODS)[number];

export type GameWindow = { startsAt: Date; endsAt: Date };
export type GameState = "notStarted" | "open" | "ended";

/** Open from its start up to (not including) its end. */
export function gameState(game: GameWindow, now: Date): GameState {
  if (now.getTime() < game.startsAt.getTime()) return "notStarted";
  if (now.getTime() >= game.endsAt.getTime()) return "ended";
  return "open";
}

/** Which tickets count: draws on these Amsterdam dates (inclusive), of these product types (none: all). */
export type EligibilityRule = { ticketsFrom: string; ticketsUntil: string; productTypes: readonly string[] };

export function isEligible(rule: EligibilityRule, ticket: { drawAt: Date; productType: string }): boolean {
  const date = amsterdamIsoDate(ticket.drawAt);
  if (date < rule.ticketsFrom || date > rule.ticketsUntil) return false;
  return rule.productTypes.length === 0 || rule.productTypes.includes(ticket.productType);
}

/** Spec section 5: 7 characters once whitespace is removed (2 letters, 5 digits; any case). */
export function readTicketNumber(typed: string): string | undefined {
  const number = typed.replace(/\s+/g, "").toUpperCase();
  return TICKET_NUMBER.test(number) ? number : undefined;
}

/**
 * Of the tickets a player asks to enter (in order), which may be tried: a ticket named twice in one request
 * is a duplicate the second time, one already entered is a duplicate, and beyond the player's remaining
 * participations the rest are over the maximum. The entries themselves are made under a unique key, so a
 * concurrent request that entered the same ticket meanwhile also ends as a duplicate.
 */
export function planEntries(
  requested: readonly string[],
  alreadyEntered: ReadonlySet<string>,
  remaining: number,
): { tryKeys: string[]; refused: { key: string; reason: "duplicate" | "maximum" }[] } {
  const seen = new Set<string>();
  const tryKeys: string[] = [];
  const refused: { key: string; reason: "duplicate" | "maximum" }[] = [];
  for (const key of requested) {
    if (seen.has(key) || alreadyEntered.has(key)) refused.push({ key, reason: "duplicate" });
    else if (tryKeys.length >= remaining) refused.push({ key, reason: "maximum" });
    else tryKeys.push(key);
    seen.add(key);
  }
  return { tryKeys, refused };
}

/** A winner's name as the page shows it: first name and the initial of the last name (Eva T.). */
export function maskedName(firstName: string, lastName: string): string {
  const initial = lastName.trim().split(/\s+/).at(-1)?.charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}
