import { describe, expect, it } from "vitest";
import { ageOn, judgeIdinResult } from "./age-validation";

const account = { lastName: "de Vries", birthDate: "2008-11-24" };

describe("ageOn", () => {
  it("counts the birthday itself from midnight in Amsterdam (winter time)", () => {
    // 24 November 2026, 00:00 in Amsterdam is 23:00 UTC the day before.
    expect(ageOn("2008-11-24", new Date("2026-11-23T23:00:00Z"))).toBe(18);
    expect(ageOn("2008-11-24", new Date("2026-11-23T22:59:59Z"))).toBe(17);
  });

  it("counts the birthday itself from midnight in Amsterdam (summer time)", () => {
    // 1 July 2026, 00:00 in Amsterdam is 22:00 UTC the day before.
    expect(ageOn("2008-07-01", new Date("2026-06-30T22:00:00Z"))).toBe(18);
    expect(ageOn("2008-07-01", new Date("2026-06-30T21:59:59Z"))).toBe(17);
  });

  it("has someone born on 29 February turn a year older on 1 March in other years", () => {
    expect(ageOn("2008-02-29", new Date("2026-02-28T12:00:00Z"))).toBe(17);
    expect(ageOn("2008-02-29", new Date("2026-03-01T12:00:00Z"))).toBe(18);
    // In a leap year on the day itself.
    expect(ageOn("2004-02-29", new Date("2022-02-28T12:00:00Z"))).toBe(17);
    expect(ageOn("2004-02-29", new Date("2024-02-29T12:00:00Z"))).toBe(20);
  });
});

describe("judgeIdinResult", () => {
  const birthday = new Date("2026-11-24T10:00:00Z");
  const dayBefore = new Date("2026-11-23T10:00:00Z");

  it("validates an adult on the 18th birthday itself", () => {
    expect(judgeIdinResult({ name: "S. de Vries", birthDate: "2008-11-24" }, account, birthday)).toEqual({
      status: "validated",
      state: "Validated",
    });
  });

  it("refuses the day before the 18th birthday, whatever the name", () => {
    expect(judgeIdinResult({ name: "S. de Vries", birthDate: "2008-11-24" }, account, dayBefore)).toEqual({
      status: "underage",
      state: "Refused",
    });
    expect(judgeIdinResult({ name: "Jansen", birthDate: "2008-11-24" }, account, dayBefore).status).toBe(
      "underage",
    );
  });

  it("leaves another surname or date of birth to customer service", () => {
    const adult = { lastName: "de Vries", birthDate: "1990-05-17" };
    expect(judgeIdinResult({ name: "S. Jansen", birthDate: "1990-05-17" }, adult, birthday)).toEqual({
      status: "mismatch",
      state: "Review",
    });
    expect(judgeIdinResult({ name: "S. de Vries", birthDate: "1990-05-18" }, adult, birthday).status).toBe(
      "mismatch",
    );
  });

  it("compares surnames apart from case, accents, spaces and dots", () => {
    const adult = { lastName: "Müller-Özdemir", birthDate: "1990-05-17" };
    expect(
      judgeIdinResult({ name: "J.P. MULLER OZDEMIR", birthDate: "1990-05-17" }, adult, birthday).status,
    ).toBe("validated");
  });
});
