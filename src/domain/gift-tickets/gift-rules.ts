import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";

/**
 * Gift tickets (issue 17; shared/domain.md, "Gift tickets"): a whole or fifth ticket for a chosen draw, paid
 * by the giver and e-mailed to the recipient on a chosen date with a personal code, which redeems it once.
 * Pure rules: codes, send dates, e-mail addresses and the message.
 */

/** Codes use 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L): shared/domain.md. */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 8;

/** A new code from `randomIndex` (crypto's randomInt in production). */
export function newGiftCode(randomIndex: (max: number) => number): string {
  let code = "";
  for (let index = 0; index < CODE_LENGTH; index++) code += CODE_ALPHABET[randomIndex(CODE_ALPHABET.length)];
  return code;
}

/**
 * A code as a person types it: case, spaces and dashes do not matter (`abcd-efgh`). Undefined when it
 * cannot be a code (other characters, another length).
 */
export function normaliseGiftCode(input: string): string | undefined {
  const code = input.replace(/[\s-]/g, "").toUpperCase();
  if (code.length !== CODE_LENGTH) return undefined;
  return [...code].every((character) => CODE_ALPHABET.includes(character)) ? code : undefined;
}

/** `ABCD-EFGH`, as the e-mail and the pages show a code. */
export function formatGiftCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A gift is sent today at the earliest and at most this many days ahead (choice). */
export const MAX_SEND_DAYS_AHEAD = 90;

/** The message to the recipient: at most this long (choice). */
export const MAX_MESSAGE_LENGTH = 300;

/** Why a send date cannot be used: before today, too far ahead, or not a date; undefined when it can. */
export function sendDateProblem(sendOn: string, now: Date): "past" | "tooFar" | "invalid" | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(sendOn)) return "invalid";
  const date = new Date(`${sendOn}T12:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== sendOn) return "invalid";
  const today = amsterdamIsoDate(now);
  if (sendOn < today) return "past";
  const latest = new Date(`${today}T12:00:00Z`);
  latest.setUTCDate(latest.getUTCDate() + MAX_SEND_DAYS_AHEAD);
  return sendOn > latest.toISOString().slice(0, 10) ? "tooFar" : undefined;
}

/** The fractions a gift may be (choice: no half tickets, which only the year-end draw sells). */
export const GIFT_FRACTIONS = ["WHOLE", "ONE_FIFTH"] as const;
export type GiftFraction = (typeof GIFT_FRACTIONS)[number];

/** What the CMS's gift ticket block with a page id offers, as the shop API sells it. */
export type GiftTicketOffer = { pageId: string; fractions: readonly GiftFraction[] };
