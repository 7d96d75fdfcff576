import { describe, expect, it } from "vitest";
import {
  ageOn,
  amsterdamDate,
  dateOfBirthProblem,
  isRealDate,
  RegisterBodySchema,
  registrationMessages,
} from "@/src/api/contract/portal";
import { fieldErrors } from "@/src/api/server/router";

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

  it("takes today's date in the Netherlands, not in UTC", () => {
    // 23:30 UTC on 14 March is already 15 March in Amsterdam (CET, UTC+1).
    expect(amsterdamDate(new Date("2026-03-14T23:30:00Z"))).toBe("2026-03-15");
    // 22:30 UTC on 14 July is already 15 July in Amsterdam (CEST, UTC+2).
    expect(amsterdamDate(new Date("2026-07-14T22:30:00Z"))).toBe("2026-07-15");
    expect(amsterdamDate(new Date("2026-07-14T21:30:00Z"))).toBe("2026-07-14");
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
    expect(dateOfBirthProblem("2008-03-16", now)).toBe(registrationMessages.tooYoung);
    expect(dateOfBirthProblem("2027-01-01", now)).toBe(registrationMessages.dateInFuture);
    expect(dateOfBirthProblem("1990-02-30", now)).toBe(registrationMessages.dateNotReal);
    expect(dateOfBirthProblem("1850-01-01", now)).toBe(registrationMessages.dateNotReal);
    expect(dateOfBirthProblem("15-03-1990", now)).toBe(registrationMessages.dateOfBirth);
  });
});

describe("RegisterBodySchema", () => {
  const valid = {
    email: " Speler@Example.NL ",
    password: "Geheim!2026",
    firstName: " Jan ",
    lastName: "Vries",
    dateOfBirth: "1990-03-15",
    postalCode: "1234 ab",
    houseNumber: 7,
    acceptTerms: true,
  };

  it("accepts a complete registration and tidies the e-mail address and names", () => {
    const parsed = RegisterBodySchema.strict().parse({ ...valid, iban: "", middleName: null });
    expect(parsed).toMatchObject({ email: "speler@example.nl", firstName: "Jan", iban: "" });
  });

  it("gives one Dutch message per bad field", () => {
    const result = RegisterBodySchema.strict().safeParse({
      email: "geen-adres",
      password: "kort",
      firstName: "",
      lastName: "Vries",
      dateOfBirth: "1990-02-30",
      postalCode: "123",
      houseNumber: 0,
      houseNumberExtension: "<b>",
      iban: "NL00ABNA0417164300",
      acceptTerms: false,
    });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(errors).toEqual({
      email: [registrationMessages.email],
      password: [
        "Je wachtwoord moet nog bevatten: minimaal 8 tekens, een hoofdletter, een cijfer en een speciaal teken (zoals ! ? @ #).",
      ],
      firstName: [registrationMessages.firstName],
      dateOfBirth: [registrationMessages.dateNotReal],
      postalCode: [registrationMessages.postalCode],
      houseNumber: [registrationMessages.houseNumber],
      houseNumberExtension: [registrationMessages.houseNumberExtension],
      iban: [registrationMessages.iban],
      acceptTerms: [registrationMessages.acceptTerms],
    });
  });

  it("names missing fields in Dutch too", () => {
    const result = RegisterBodySchema.safeParse({});
    const errors = fieldErrors(result.error!);
    expect(errors.acceptTerms).toEqual([registrationMessages.acceptTerms]);
    expect(errors.houseNumber).toEqual([registrationMessages.houseNumber]);
    expect(errors.password).toEqual([registrationMessages.password]);
    expect(errors.email).toEqual([registrationMessages.email]);
  });
});
