import { TIME_ZONE } from "./format";
import { onFirstUse } from "./on-first-use";

const parts = onFirstUse(
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

/** The wall-clock fields of an instant in Amsterdam. */
export function amsterdamFields(instant: Date) {
  const map = Object.fromEntries(
    parts()
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

/** The instant at which Amsterdam's clocks show this date and time (month 1-12), summer time included. */
export function amsterdamTime(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted - 60 * 60 * 1000;
  for (let step = 0; step < 3; step++) {
    const fields = amsterdamFields(new Date(guess));
    const shown = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute);
    if (shown === wanted) break;
    guess += wanted - shown;
  }
  return new Date(guess);
}
