import { describe, expect, it } from "vitest";
import { emailProblem } from "./email-address";

describe("e-mail addresses the shop uses", () => {
  it.each([
    ["sanne@example.nl", undefined],
    ["Sanne.de.Vries@Ziggo.NL", undefined],
    ["sanne@", "EmailValidationError"],
    ["sanne@@voorbeeld.nl", "EmailValidationError"],
    ["sanne@voorbeeld..nl", "EmailValidationError"],
    ["<b>x</b>@gmail.com", "EmailValidationError"],
    ["x@gmail.com<script>", "EmailValidationError"],
    ['"sanne vries"@ziggo.nl', "EmailValidationError"],
    ["sanne@ziggo.nl?cc=iemand@kpn.nl", "EmailValidationError"],
    ["iemand@mailinator.com", "InvalidEmailAddressError"],
    ["iemand@yopmail.com", "InvalidEmailAddressError"],
    ["iemand@shop.test", "InvalidEmailAddressError"],
    ["iemand@kroonloterij.example", "InvalidEmailAddressError"],
  ])("%s: %s", (email, problem) => {
    expect(emailProblem(email)).toBe(problem);
  });
});
