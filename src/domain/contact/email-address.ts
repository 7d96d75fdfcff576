import { z } from "zod";

/**
 * E-mail addresses the shop is given by players and visitors (spec section 8: `EmailValidationError`,
 * `InvalidEmailAddressError`), for gift tickets (issue 17) and promotions (issue 18).
 */

/**
 * What an e-mail address looks like, one rule for the whole shop (issue 40): the contract's fields, the
 * login, the registration and the services' own check. zod's address pattern: letters, digits and
 * `_ ' + - .` before the `@`, and a domain of letter-or-digit labels ending in a top-level domain of
 * letters. Markup, spaces, quotes and comments, which RFC 5322 allows but no mailbox a player has needs,
 * never pass (`<b>x</b>@gmail.com`).
 */
export const EMAIL_ADDRESS_PATTERN: RegExp = z.regexes.email;

/**
 * Domains of throwaway mailboxes the shop never uses (`InvalidEmailAddressError`): a gift or a lead's
 * consent would be lost there. A short list of the best known (choice); the operator's e-mail validation
 * service knows more.
 */
const DISPOSABLE_DOMAINS = new Set([
  "mailinator.com",
  "guerrillamail.com",
  "10minutemail.com",
  "tempmail.com",
  "temp-mail.org",
  "yopmail.com",
  "trashmail.com",
  "sharklasers.com",
  "dispostable.com",
  "getnada.com",
]);

/** Top-level domains that never receive mail (RFC 2606). */
const RESERVED_TOP_LEVEL = new Set(["test", "example", "invalid", "localhost"]);

/**
 * What is wrong with an address the shop is given (a gift's recipient, a promotion's sign-up): not an e-mail
 * address (`EmailValidationError`), or one it does not use: a throwaway mailbox or an address without a real
 * domain (`InvalidEmailAddressError`).
 */
export function emailProblem(email: string): "EmailValidationError" | "InvalidEmailAddressError" | undefined {
  const address = email.trim().toLowerCase();
  if (address.length > 254 || !EMAIL_ADDRESS_PATTERN.test(address)) return "EmailValidationError";
  const domain = address.slice(address.lastIndexOf("@") + 1);
  const labels = domain.split(".");
  if (labels.some((label) => label === "" || !/^[a-z0-9-]+$/.test(label))) return "EmailValidationError";
  if (DISPOSABLE_DOMAINS.has(domain) || RESERVED_TOP_LEVEL.has(labels.at(-1) ?? "")) {
    return "InvalidEmailAddressError";
  }
  return undefined;
}
