import { amsterdamFields } from "@/src/lib/amsterdam-time";

/**
 * Age validation (issue 16; shared/domain.md, responsible gaming): Dutch law allows online play from 18.
 * What an iDIN result means for the player's `playerValidationState` (spec section 3). Pure rules.
 */

export const VALIDATION_STATES = ["NotValidated", "Validated", "Refused", "Review"] as const;
export type ValidationState = (typeof VALIDATION_STATES)[number];

/** The minimum age for playing online. */
export const MINIMUM_AGE = 18;

/** The outcome of one attempt, as `age_validations.status` records it. */
export type AgeValidationStatus = "pending" | "validated" | "underage" | "mismatch" | "cancelled" | "failed";

/** Whole years between a date of birth and a moment (yyyy-mm-dd; in Amsterdam's calendar). */
export function ageOn(birthDate: string, on: Date): number {
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  const { year: nowYear, month: nowMonth, day: nowDay } = amsterdamFields(on);
  const hadBirthday = nowMonth > month || (nowMonth === month && nowDay >= day);
  return nowYear - year - (hadBirthday ? 0 : 1);
}

/** A surname compared as a bank and an account may spell it: case, accents, spaces and dots aside. */
export function comparableName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

/**
 * What a bank's answer means: under 18 is refused; a date of birth or a surname that differs from the
 * account is left to customer service (`mismatch`, state Review); otherwise the player is validated.
 */
export function judgeIdinResult(
  shared: { name: string; birthDate: string },
  account: { lastName: string; birthDate: string },
  now: Date,
): { status: "validated" | "underage" | "mismatch"; state: ValidationState } {
  if (ageOn(shared.birthDate, now) < MINIMUM_AGE) return { status: "underage", state: "Refused" };
  const sameBirth = shared.birthDate === account.birthDate;
  const sameName = comparableName(shared.name).endsWith(comparableName(account.lastName));
  if (!sameBirth || !sameName) return { status: "mismatch", state: "Review" };
  return { status: "validated", state: "Validated" };
}
