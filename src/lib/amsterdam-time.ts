/**
 * Amsterdam wall-clock time, computed rather than asked of `Intl`.
 *
 * The first `Intl` formatter a page builds loads locale and time-zone data: tens of milliseconds on a
 * slow phone, inside the render of whatever formats the first date (issue 21: one long task of 150-200 ms
 * at Lighthouse's 4x slowdown on `/` and `/loten`). Amsterdam follows the EU summer-time rule, unchanged
 * since 1996: UTC+2 from the last Sunday of March, 01:00 UTC, to the last Sunday of October, 01:00 UTC;
 * UTC+1 otherwise. Instants in the years the rule is known to hold are computed; others ask `Intl`
 * (the time-zone database), as does a test that compares the two hour by hour.
 */
import { onFirstUse } from "./on-first-use";

/** The lottery's time zone: draws, sales closes and every date a player reads are Amsterdam time. */
const TIME_ZONE = "Europe/Amsterdam";

/** The UTC years in which the computed rule is used. */
const COMPUTED_YEARS = { from: 1996, to: 2099 } as const;

const HOUR_MS = 3_600_000;

export type AmsterdamFields = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** 01:00 UTC on the last Sunday of a month (0-11) of a year. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

const intlParts = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: TIME_ZONE,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }),
);

/** The wall-clock fields by the time-zone database (years outside the computed rule). */
export function amsterdamFieldsByIntl(instant: Date): AmsterdamFields {
  const map = Object.fromEntries(
    intlParts()
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: map.year!,
    month: map.month!,
    day: map.day!,
    hour: map.hour!,
    minute: map.minute!,
    second: map.second!,
  };
}

/** The wall-clock fields of an instant in Amsterdam. A date that is not one throws, as `Intl` does. */
export function amsterdamFields(instant: Date): AmsterdamFields {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const year = instant.getUTCFullYear();
  if (year < COMPUTED_YEARS.from || year > COMPUTED_YEARS.to) return amsterdamFieldsByIntl(instant);
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  const local = new Date(time + (summer ? 2 : 1) * HOUR_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The instant at which Amsterdam's clocks show this date and time (month 1-12), summer time included. */
export function amsterdamTime(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted - HOUR_MS;
  for (let step = 0; step < 3; step++) {
    const fields = amsterdamFields(new Date(guess));
    const shown = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute);
    if (shown === wanted) break;
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** The Amsterdam calendar date of an instant as `YYYY-MM-DD` (a player's "today", a draw's date). */
export function amsterdamIsoDate(instant: Date): string {
  const { year, month, day } = amsterdamFields(instant);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
