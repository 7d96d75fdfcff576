import { describe, expect, it } from "vitest";
import { fieldErrors } from "@/src/backend/http/router";
import { RegisterBodySchema, registrationMessages } from "@/src/contract/portal";

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
