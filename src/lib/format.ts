/**
 * nl-NL formatting helpers. Money stays integer cents until it is formatted here.
 *
 * Written out rather than asked of `Intl`: the first `Intl` formatter a page builds loads locale data,
 * a long task on a slow phone while the page hydrates (issue 21; see `amsterdam-time.ts`). The output is
 * exactly `Intl`'s for nl-NL, which a test checks value by value.
 */

import { amsterdamFields } from "./amsterdam-time";

/** Digits in groups of three with a dot: `1.234.567`. */
export function formatWholeNumber(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Expected a whole number, got ${value}`);
  const sign = value < 0 ? "-" : "";
  return sign + String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** `€ 1.234,50`, with a no-break space after the euro sign (as nl-NL's `Intl` currency format). */
export function formatEuroCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Money must be integer cents, got ${cents}`);
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, "0");
  return `€\u00a0${cents < 0 ? "-" : ""}${formatWholeNumber(whole)},${rest}`;
}

/**
 * An amount off or on a total, signed: "− € 5,00" for a discount (a true minus sign), "€ 1,00" otherwise.
 * Non-breaking spaces throughout: a line never breaks between the sign, the euro sign and the number.
 */
export function formatSignedEuroCents(cents: number): string {
  return cents < 0 ? `\u2212\u00a0${formatEuroCents(-cents)}` : formatEuroCents(cents);
}

/**
 * Text an editor wrote with an ordinary space after the euro sign ("€ 30 miljoen") with a no-break space
 * instead, as our own amounts have it: a line never breaks between the euro sign and its number.
 */
export function keepAmountsWhole(text: string): string {
  return text.replace(/€[ \t]+(?=[−-]?\d)/g, "€\u00a0");
}

const WEEKDAY_NAMES = ["zondag", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag"];

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** `10 december 2026` in Amsterdam time. */
export function formatDate(date: Date | string): string {
  const { year, month, day } = amsterdamFields(new Date(date));
  return `${day} ${DUTCH_MONTH_NAMES[month - 1]} ${year}`;
}

/**
 * The last day of a period that ends at `end` (exclusive), as `31 januari 2027`: a period ending at midnight
 * ends on the day before. Every "tot en met" and "uiterlijk" date of a deadline says it so (issue 43).
 */
export function formatLastDay(end: Date | string): string {
  return formatDate(new Date(new Date(end).getTime() - 1));
}

/** `zaterdag 12 december 2026`. */
export function formatWeekdayDate(date: Date | string): string {
  const { year, month, day } = amsterdamFields(new Date(date));
  const weekday = WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${DUTCH_MONTH_NAMES[month - 1]} ${year}`;
}

/** `10 december 2026 om 18:00` in Amsterdam time. */
export function formatDateTime(date: Date | string): string {
  const { year, month, day, hour, minute } = amsterdamFields(new Date(date));
  return `${day} ${DUTCH_MONTH_NAMES[month - 1]} ${year} om ${twoDigits(hour)}:${twoDigits(minute)}`;
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
