import { describe, expect, it, vi } from "vitest";
import { registrationFieldMessages } from "@/src/lib/messages";
import type { ApiCaller } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";
import { submitRegistration } from "./portal-forms.server";

const FORM = {
  email: "anna@example.nl",
  password: "Lang-en-sterk-1",
  firstName: "Anna",
  lastName: "de Vries",
  postalCode: "1234 AB",
  houseNumber: "12",
  acceptTerms: "on",
};

function portalAnswering(answer: () => Promise<unknown>) {
  const call = vi.fn(answer);
  return { caller: { call } as unknown as ApiCaller, call };
}

const sentBirthDate = (call: ReturnType<typeof vi.fn>) =>
  (call.mock.calls[0]![1] as { body: { dateOfBirth: string } }).body.dateOfBirth;

describe("the registration's date of birth, typed the Dutch way", () => {
  it.each([
    ["12-04-1985", "1985-04-12"],
    ["12041985", "1985-04-12"],
    ["1/2/1990", "1990-02-01"],
  ])("sends %j to the API as %s (day first, whatever the browser's language)", async (typed, iso) => {
    const { caller, call } = portalAnswering(async () => ({}));
    await submitRegistration(caller, new URLSearchParams({ ...FORM, dateOfBirth: typed }));
    expect(sentBirthDate(call)).toBe(iso);
  });

  it("says how to type it when what was typed cannot be read as a date", async () => {
    const refusal = new ApiError({
      status: 400,
      message: "Controleer je gegevens.",
      fieldErrors: {
        dateOfBirth: [registrationFieldMessages.dateOfBirth],
        email: ["Vul een geldig e-mailadres in"],
      },
    });
    const { caller, call } = portalAnswering(() => Promise.reject(refusal));
    const error = await submitRegistration(
      caller,
      new URLSearchParams({ ...FORM, dateOfBirth: "12 april" }),
    ).catch((caught: unknown) => caught);
    expect(sentBirthDate(call)).toBe("12 april");
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({
      dateOfBirth: ["Vul je geboortedatum in als dd-mm-jjjj, bijvoorbeeld 15-03-1990"],
      email: ["Vul een geldig e-mailadres in"],
    });
  });

  it("passes the API's own reason on for a date it could read (too young, a day that does not exist)", async () => {
    const refusal = new ApiError({
      status: 400,
      message: "Controleer je gegevens.",
      fieldErrors: { dateOfBirth: [registrationFieldMessages.dateNotReal] },
    });
    const { caller } = portalAnswering(() => Promise.reject(refusal));
    const error = await submitRegistration(
      caller,
      new URLSearchParams({ ...FORM, dateOfBirth: "31-04-1990" }),
    ).catch((caught: unknown) => caught);
    expect(error).toBe(refusal);
  });
});
