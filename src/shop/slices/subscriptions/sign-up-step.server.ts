import { randomUUID } from "node:crypto";
import { normaliseIban } from "@/src/domain/portal/iban";
import { mandateIbanProblem } from "@/src/domain/subscriptions/mandate";
import { ACCOUNT_HOLDER_MAX } from "@/src/domain/subscriptions/plan";
import { readCookie } from "@/src/lib/cookies";
import { subscriptionMessages } from "@/src/lib/messages";
import { serializeCookie } from "@/src/lib/set-cookie";

/**
 * The sign-up step's server side (`/abonnement/afsluiten`, `/abonnement/resultaat`): the transaction id of
 * taking out a subscription, and the fields of the step's form post.
 *
 * The id lives in a cookie together with the choice it is for. A retry of the same choice (a double click,
 * the back button from the payment page, a reload after a refusal) sends the same id, so the shop API keeps
 * it at one sign-up; another choice gets a new id. The result page reads the choice back from it, so a
 * failed payment links back to the form with every choice kept.
 */

export const SIGN_UP_COOKIE_NAME = "kl_subscription";
const SIGN_UP_COOKIE_SECONDS = 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** A choice's query string is a few hundred characters; anything longer was not written by this shop. */
const MAX_QUERY_LENGTH = 2_000;

export type SignUpTransaction = { id: string; query: string };

/** The sign-up this browser started, when its cookie holds one. */
export function readSignUp(request: Request): SignUpTransaction | undefined {
  const value = readCookie(request.headers.get("cookie") ?? undefined, SIGN_UP_COOKIE_NAME);
  const separator = value?.indexOf("~") ?? -1;
  if (!value || separator < 0) return undefined;
  const id = value.slice(0, separator);
  if (!UUID.test(id)) return undefined;
  try {
    const query = Buffer.from(value.slice(separator + 1), "base64url").toString("utf8");
    return query.length <= MAX_QUERY_LENGTH ? { id, query } : undefined;
  } catch {
    return undefined;
  }
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return serializeCookie(SIGN_UP_COOKIE_NAME, value, {
    maxAgeMs: maxAgeSeconds * 1000,
    httpOnly: true,
    sameSite: "Lax",
    secure,
  });
}

/**
 * The transaction id for a choice (its canonical query string): the one this browser already uses for
 * the same choice, else a new one with the `Set-Cookie` that keeps it.
 */
export function signUpTransaction(
  request: Request,
  query: string,
  secure: boolean,
): { id: string; setCookie?: string } {
  const existing = readSignUp(request);
  if (existing && existing.query === query) return { id: existing.id };
  return newSignUpTransaction(query, secure);
}

/**
 * A new transaction id for a choice, replacing the one this browser used (that sign-up ended unpaid): the
 * page shows the new id's mandate before the player sends the form again (issue 40).
 */
export function newSignUpTransaction(query: string, secure: boolean): { id: string; setCookie: string } {
  const id = randomUUID();
  const value = `${id}~${Buffer.from(query.slice(0, MAX_QUERY_LENGTH), "utf8").toString("base64url")}`;
  return { id, setCookie: cookie(value, SIGN_UP_COOKIE_SECONDS, secure) };
}

/** Ends the sign-up: the next one starts under a new id. */
export function endSignUpCookie(secure: boolean): string {
  return cookie("", 0, secure);
}

/** The choice a sign-up was for, when this browser started it (the result page's way back to the form). */
export function signUpQuery(request: Request, transactionId: string): URLSearchParams | undefined {
  const signUp = readSignUp(request);
  return signUp && signUp.id === transactionId.toLowerCase() ? new URLSearchParams(signUp.query) : undefined;
}

/** What the sign-up form sends besides the choice (which is in the page's query string). */
export type SignUpFields = {
  iban: string;
  accountHolder: string;
  mandateAccepted: boolean;
  issuer: string;
};

/** What is kept of a field as sent: more than any field takes, so a too long name is shown and refused, not cut. */
const FIELD_LENGTH = 200;

/** The sign-up form's fields as sent (trimmed, capped): shown again as they were when refused. */
export function signUpFieldsFromPost(form: URLSearchParams): SignUpFields {
  const text = (name: string) => (form.get(name) ?? "").trim().slice(0, FIELD_LENGTH);
  return {
    iban: text("iban"),
    accountHolder: text("accountHolder"),
    mandateAccepted: form.get("mandateAccepted") === "true",
    issuer: text("issuer"),
  };
}

/**
 * The account fields' own problems, found without the shop API: a form refused for its unticked mandate
 * names these too, so the player mends everything at once. The API checks the same again (and accepts the
 * profile's masked IBAN, which stands for the account on file).
 */
export function accountErrors(
  fields: SignUpFields,
  profileIban: string | null | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const iban = normaliseIban(fields.iban);
  const onFile = Boolean(profileIban) && iban === normaliseIban(profileIban ?? "");
  const ibanProblem = onFile ? undefined : mandateIbanProblem(iban);
  if (ibanProblem) errors.iban = ibanProblem;
  if (fields.accountHolder === "") errors.accountHolder = subscriptionMessages.accountHolder;
  else if (fields.accountHolder.length > ACCOUNT_HOLDER_MAX) {
    errors.accountHolder = subscriptionMessages.accountHolderTooLong(ACCOUNT_HOLDER_MAX);
  }
  return errors;
}
