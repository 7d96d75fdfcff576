/**
 * Customer service's contact form (issue 43 item 2): what a question to customer service holds and how it
 * is numbered. Pure rules; the contract's schema (src/contract/customer-service.ts) applies them to a call
 * with the catalogue's Dutch messages.
 */

/** What a question can be about, in the form's order; `iets-anders` last. The labels are the catalogue's. */
export const CONTACT_SUBJECTS = [
  "lot-of-prijs",
  "abonnement",
  "cadeaulot-of-actiecode",
  "account",
  "betaling-of-saldo",
  "iets-anders",
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export function isContactSubject(value: string): value is ContactSubject {
  return (CONTACT_SUBJECTS as readonly string[]).includes(value);
}

/** The lengths of the fields, in characters, after trimming (the form's `maxLength` is the same). */
export const CONTACT_LIMITS = {
  name: 80,
  email: 254,
  /** A ticket or order number the question is about (optional). */
  ticketOrOrderNumber: 40,
  messageMin: 10,
  messageMax: 2000,
} as const;

/** How many questions one client address may send per hour (spec section 8: rate limited per client). */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 60 * 60_000 } as const;

/** The prefix of a question's reference: `KS-100001` ("klantenservice"). */
export const CONTACT_REFERENCE_PREFIX = "KS-";
const REFERENCE_DIGITS = 6;
const REFERENCE_PATTERN = /^KS-(\d{6,})$/;

/** The reference the sender quotes, from the question's number in its sequence: at least six digits. */
export function contactReference(number: number): string {
  if (!Number.isSafeInteger(number) || number < 1) throw new RangeError(`not a question's number: ${number}`);
  return `${CONTACT_REFERENCE_PREFIX}${String(number).padStart(REFERENCE_DIGITS, "0")}`;
}

/** The number of a reference (`KS-100001` -> 100001); undefined for anything else. */
export function contactReferenceNumber(reference: string): number | undefined {
  const digits = REFERENCE_PATTERN.exec(reference.trim().toUpperCase())?.[1];
  const number = digits === undefined ? Number.NaN : Number(digits);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** The question's text as kept: trimmed, line ends as `\n`, no more than two empty lines in a row. */
export function normaliseMessage(message: string): string {
  return message
    .replace(/\r\n?/g, "\n")
    .replace(/\n{4,}/g, "\n\n\n")
    .trim();
}
