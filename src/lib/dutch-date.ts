/**
 * A day as a Dutch player types it: day, month, year (`15-03-1990`). The browser's date field follows the
 * browser's language (an English browser read "12041985" as 4 December), so the shop's date fields are text
 * fields that say "dd-mm-jjjj" and are read here, on the server, into the API's `YYYY-MM-DD`.
 *
 * Read unambiguously: the year has four digits and comes last; day and month are separated by `-`, `/`, `.`
 * or a space, or typed as eight digits without separators (`15031990`). A date in the API's own form
 * (`1990-03-15`, as an autofill or an old link may give) is read too. Whether the day exists (31 April) is
 * the API's rule, so such a day is returned as typed and refused there with its own message.
 */
const SEPARATED = /^(\d{1,2})\s*[-/.\s]\s*(\d{1,2})\s*[-/.\s]\s*(\d{4})$/;
const EIGHT_DIGITS = /^(\d{2})(\d{2})(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (part: string) => part.padStart(2, "0");

/** The `YYYY-MM-DD` of a typed Dutch date, or undefined when it cannot be read as one. */
export function parseDutchDate(typed: string): string | undefined {
  const value = typed.trim();
  const iso = ISO.exec(value);
  if (iso) return value;
  const match = SEPARATED.exec(value) ?? EIGHT_DIGITS.exec(value);
  if (!match) return undefined;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A value for a Dutch date field: `YYYY-MM-DD` shown as `dd-mm-jjjj`, anything else as it was typed. */
export function dutchDateInputValue(value: string | undefined): string {
  const iso = value ? ISO.exec(value) : null;
  return iso ? `${iso[3]}-${iso[2]}-${iso[1]}` : (value ?? "");
}
