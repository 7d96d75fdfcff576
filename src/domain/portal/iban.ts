/**
 * IBAN checks (ISO 13616) for the registration form and the account profile: the country's length, the
 * shape of the Dutch account number and the mod-97 check digits.
 */

/** IBAN lengths of the SEPA countries players are most likely to bank in. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** Dutch account numbers: four letters of the bank, then ten digits. */
const COUNTRY_PATTERNS: Readonly<Record<string, RegExp>> = {
  NL: /^NL\d{2}[A-Z]{4}\d{10}$/,
  BE: /^BE\d{14}$/,
  DE: /^DE\d{20}$/,
};

/** Removes every kind of whitespace and upper-cases: ` nl91 abna 0417 1643 00` becomes `NL91ABNA0417164300`. */
export function normaliseIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** The remainder of the rearranged IBAN modulo 97, computed in steps so no number grows beyond 9 digits. */
function mod97(rearranged: string): number {
  let remainder = 0;
  for (const character of rearranged) {
    const code = character.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      remainder = (remainder * 10 + (code - 48)) % 97;
    } else {
      // A = 10 ... Z = 35: two digits.
      remainder = (remainder * 100 + (code - 55)) % 97;
    }
  }
  return remainder;
}

export function isValidIban(value: string): boolean {
  if (typeof value !== "string" || value.length > 64) return false;
  const iban = normaliseIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length === undefined || iban.length !== length) return false;
  const pattern = COUNTRY_PATTERNS[country];
  if (pattern && !pattern.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** `NL91ABNA0417164300` as `NL91 ABNA 0417 1643 00`. */
export function formatIban(value: string): string {
  return normaliseIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}

/** Only the last four characters stay visible: `**************4300`. */
export function maskIban(value: string): string {
  const iban = normaliseIban(value);
  const visible = iban.slice(-4);
  return "*".repeat(Math.max(0, iban.length - visible.length)) + visible;
}
