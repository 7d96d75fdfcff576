import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { registrationFieldMessages } from "@/src/lib/messages";

/**
 * The registration's rules for a date of birth: a real calendar day, not in the future, and a player of at
 * least 18 on today's date in the Netherlands. The registration body's schema applies them.
 */
export const MINIMUM_AGE = 18;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` that names a day of the calendar (no 31 April, 29 February only in leap years). */
export function isRealDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= daysInMonth;
}

/** Completed years between two `YYYY-MM-DD` dates; someone born on 29 February turns a year older on 1 March. */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** The Dutch message for a date of birth that cannot be accepted, or undefined when it can. */
export function dateOfBirthProblem(value: string, now = new Date()): string | undefined {
  if (!ISO_DATE.test(value)) return registrationFieldMessages.dateOfBirth;
  if (!isRealDate(value) || value < "1900-01-01") return registrationFieldMessages.dateNotReal;
  const today = amsterdamIsoDate(now);
  if (value > today) return registrationFieldMessages.dateInFuture;
  if (ageOn(value, today) < MINIMUM_AGE) return registrationFieldMessages.tooYoung;
  return undefined;
}
