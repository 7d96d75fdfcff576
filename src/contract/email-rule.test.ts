import { describe, expect, it } from "vitest";
import { emailProblem } from "@/src/domain/contact/email-address";
import { LoginBodySchema, RequestPasswordResetBodySchema } from "./authentication";
import { RegisterBodySchema, RequestEmailChangeBodySchema } from "./portal";

/**
 * Issue 40 item 7: one e-mail rule, the same everywhere a caller sends an address. The login's and the
 * registration's fields accept exactly the addresses the services' own check (`emailProblem`, which
 * answers a gift's recipient and a promotion's sign-up with `EmailValidationError`) finds well-formed.
 */
const ADDRESSES = [
  "sanne@example.nl",
  "Sanne.de.Vries@Ziggo.NL",
  "o'brien+loten@kpn.nl",
  "<b>x</b>@gmail.com",
  "x@gmail.com<script>",
  '"sanne vries"@ziggo.nl',
  "sanne@",
  "@ziggo.nl",
  "sanne@@ziggo.nl",
  "sanne@ziggo..nl",
  "sanne@ziggo",
  "sanne@-ziggo.nl",
  "sanne ziggo.nl",
  "sanne@ziggo.nl?cc=iemand@kpn.nl",
];

function fieldAccepts(
  parse: (email: string) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } },
  email: string,
): boolean {
  const result = parse(email);
  return (
    result.success ||
    !result.error?.issues.some(
      (issue) =>
        issue.path.includes("email") ||
        issue.path.includes("recipientEmail") ||
        issue.path.includes("newEmail"),
    )
  );
}

const fields: Record<string, Parameters<typeof fieldAccepts>[0]> = {
  login: (email) => LoginBodySchema.safeParse({ email, password: "x" }),
  registration: (email) => RegisterBodySchema.safeParse({ email }),
  passwordReset: (email) => RequestPasswordResetBodySchema.safeParse({ email }),
  emailChange: (newEmail) => RequestEmailChangeBodySchema.safeParse({ newEmail, currentPassword: "x" }),
};

describe("one e-mail rule (issue 40)", () => {
  it.each(ADDRESSES)("%s: every field agrees with the services' check", (email) => {
    const wellFormed = emailProblem(email) !== "EmailValidationError";
    for (const [name, parse] of Object.entries(fields)) {
      expect(fieldAccepts(parse, email), `${name}: ${email}`).toBe(wellFormed);
    }
  });
});
