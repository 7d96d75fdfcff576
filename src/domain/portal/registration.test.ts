import { describe, expect, it } from "vitest";
import { registrationFieldMessages } from "@/src/lib/messages";
import { ageOn, dateOfBirthProblem, isRealDate } from "./registration";

describe("dates of birth", () => {
  it("knows which dates exist", () => {
    expect(isRealDate("2000-02-29")).toBe(true);
    expect(isRealDate("1900-02-29")).toBe(false);
    expect(isRealDate("2023-02-29")).toBe(false);
    expect(isRealDate("2024-04-31")).toBe(false);
    expect(isRealDate("2024-13-01")).toBe(false);
    expect(isRealDate("2024-00-10")).toBe(false);
    expect(isRealDate("2024-1-10")).toBe(false);
  });

  it("counts completed years, leap-day birthdays turning a year older on 1 March", () => {
    expect(ageOn("2008-03-15", "2026-03-15")).toBe(18);
    expect(ageOn("2008-03-16", "2026-03-15")).toBe(17);
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
  });

  it("accepts 18 on the Dutch birthday and refuses one day younger, the future and nonsense", () => {
    const now = new Date("2026-03-14T23:30:00Z");
    expect(dateOfBirthProblem("2008-03-15", now)).toBeUndefined();
    expect(dateOfBirthProblem("2008-03-16", now)).toBe(registrationFieldMessages.tooYoung);
    expect(dateOfBirthProblem("2027-01-01", now)).toBe(registrationFieldMessages.dateInFuture);
    expect(dateOfBirthProblem("1990-02-30", now)).toBe(registrationFieldMessages.dateNotReal);
    expect(dateOfBirthProblem("1850-01-01", now)).toBe(registrationFieldMessages.dateNotReal);
    expect(dateOfBirthProblem("15-03-1990", now)).toBe(registrationFieldMessages.dateOfBirth);
  });
});
