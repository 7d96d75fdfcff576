import { describe, expect, it } from "vitest";
import { emailProblem } from "./email-address";

describe("e-mail addresses the shop uses", () => {
  it.each([
    ["sanne@example.nl", undefined],
    ["Sanne.de.Vries@Ziggo.NL", undefined],
    ["sanne@", "EmailValidationError"],
    ["sanne@@voorbeeld.nl", "EmailValidationError"],
    ["sanne@voorbeeld..nl", "EmailValidationError"],
    ["iemand@mailinator.com", "InvalidEmailAddressError"],
    ["iemand@yopmail.com", "InvalidEmailAddressError"],
    ["iemand@shop.test", "InvalidEmailAddressError"],
    ["iemand@kroonloterij.example", "InvalidEmailAddressError"],
  ])("%s: %s", (email, problem) => {
    expect(emailProblem(email)).toBe(problem);
  });
});
