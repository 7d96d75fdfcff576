import { describe, expect, it } from "vitest";
import { accountErrors, signUpFieldsFromPost } from "./sign-up-step.server";

const post = (accountHolder: string) =>
  signUpFieldsFromPost(
    new URLSearchParams({ iban: "NL91ABNA0417164300", accountHolder, mandateAccepted: "true" }),
  );

describe("the account holder of a mandate (issue 43)", () => {
  it("keeps a long name as sent and says how long it may be, instead of asking for a name", () => {
    const long = "A".repeat(90);
    const fields = post(long);
    expect(fields.accountHolder).toBe(long);
    expect(accountErrors(fields, null)).toEqual({
      accountHolder: "De naam van de rekeninghouder mag hoogstens 70 tekens lang zijn",
    });
  });

  it("asks for a name when there is none, and accepts one of 70 characters", () => {
    expect(accountErrors(post("  "), null)).toEqual({
      accountHolder: "Vul de naam van de rekeninghouder in",
    });
    expect(accountErrors(post("B".repeat(70)), null)).toEqual({});
  });
});
