import { MAX_TEXT_LENGTH } from "./ticket-kind";

/**
 * Field encodings shared by the kinds' compact cookie forms (see `features/basket/basket-cookie.ts` for
 * why the cookie is compact and hand-checked). Every field holds only URI-unreserved characters other
 * than the separators `.` and `~`, so no cookie library on either side re-encodes the value. Readers
 * return undefined for anything malformed and never throw.
 */

const INTEGER = /^(0|[1-9]\d{0,14})$/;

/** A non-negative integer without leading zeros, within [min, max]. */
export function readInteger(
  field: string | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (field === undefined || !INTEGER.test(field)) return undefined;
  const value = Number(field);
  return value >= min && value <= max ? value : undefined;
}

export function writeFlag(value: boolean): string {
  return value ? "1" : "0";
}

export function readFlag(field: string | undefined): boolean | undefined {
  if (field === "1") return true;
  if (field === "0") return false;
  return undefined;
}

/** Percent-encoding with `_` for `%`, and every other punctuation mark escaped, so separators stay free. */
export function writeText(text: string): string {
  return encodeURIComponent(text)
    .replace(/[._~!*'()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%/g, "_");
}

/** Text of at most 64 characters written by `writeText`. */
export function readText(field: string | undefined): string | undefined {
  if (field === undefined || !/^[A-Za-z0-9_-]*$/.test(field)) return undefined;
  try {
    const text = decodeURIComponent(field.replace(/_/g, "%"));
    return text.length <= MAX_TEXT_LENGTH ? text : undefined;
  } catch {
    return undefined;
  }
}
