/** nl-NL formatting helpers. Money stays integer cents until it is formatted here. */

import { onFirstUse } from "./on-first-use";

/** The lottery's time zone: draws, sales closes and every date a player reads are Amsterdam time. */
export const TIME_ZONE = "Europe/Amsterdam";

const euro = onFirstUse(() => new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" }));

export function formatEuroCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Money must be integer cents, got ${cents}`);
  return euro().format(cents / 100);
}

/**
 * An amount off or on a total, signed: "− € 5,00" for a discount (a true minus sign), "€ 1,00" otherwise.
 * Non-breaking spaces throughout: a line never breaks between the sign, the euro sign and the number.
 */
export function formatSignedEuroCents(cents: number): string {
  return cents < 0 ? `\u2212\u00a0${formatEuroCents(-cents)}` : formatEuroCents(cents);
}

/** A Dutch date formatter in Amsterdam time, made on first use; every one names the day, month and year. */
const amsterdamDate = (extra: Intl.DateTimeFormatOptions = {}) =>
  onFirstUse(
    () =>
      new Intl.DateTimeFormat("nl-NL", {
        timeZone: TIME_ZONE,
        day: "numeric",
        month: "long",
        year: "numeric",
        ...extra,
      }),
  );

const dateFormat = amsterdamDate();
const dateTimeFormat = amsterdamDate({ hour: "2-digit", minute: "2-digit" });
const weekdayDateFormat = amsterdamDate({ weekday: "long" });

/** `10 december 2026` in Amsterdam time. */
export function formatDate(date: Date | string): string {
  return dateFormat().format(new Date(date));
}

/** `zaterdag 12 december 2026`. */
export function formatWeekdayDate(date: Date | string): string {
  return weekdayDateFormat().format(new Date(date));
}

/** `10 december 2026 om 18:00` in Amsterdam time. */
export function formatDateTime(date: Date | string): string {
  return dateTimeFormat().format(new Date(date));
}

/** The months in Dutch, January first: draw names ("Maandtrekking december 2026") and month choices. */
export const DUTCH_MONTH_NAMES = [
  "januari",
  "februari",
  "maart",
  "april",
  "mei",
  "juni",
  "juli",
  "augustus",
  "september",
  "oktober",
  "november",
  "december",
] as const;
