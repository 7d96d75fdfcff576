import type { ContactMessage } from "@/src/contract/customer-service";
import type { Profile } from "@/src/contract/portal";
import { general } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { serverErrorsByInput } from "@/src/shop/components/field-error";
import { CONTACT_FIELDS, type ContactFormPlayer, type ContactFormValues } from "./contact-form";

/** What `/klantenservice/bericht` shows: the form with what was typed, its errors, and the player. */
export type QuestionAnswer = {
  values: ContactFormValues;
  errors: Record<string, string>;
  formError?: string;
  player?: ContactFormPlayer;
};

/** The most of each field the action keeps (the API says which is too long; the form's limits are lower). */
const KEPT = { name: 200, email: 300, subject: 60, ticketOrOrderNumber: 100, message: 4000 } as const;

/** The fields as posted (untrimmed, so nothing the player typed is lost), each cut at a generous length. */
export function postedValues(form: URLSearchParams): ContactFormValues {
  const value = (name: keyof typeof CONTACT_FIELDS) =>
    (form.get(CONTACT_FIELDS[name]) ?? "").slice(0, KEPT[name]);
  return {
    name: value("name"),
    email: value("email"),
    subject: value("subject"),
    ticketOrOrderNumber: value("ticketOrOrderNumber"),
    message: value("message"),
  };
}

/** The name and account address a logged-in player's form shows. */
export function contactPlayer(profile: Profile | undefined): ContactFormPlayer | undefined {
  return profile ? { name: profile.fullName, email: profile.email } : undefined;
}

/**
 * The call's body: the account's address for a logged-in player, the number left out when empty. The
 * subject goes as chosen (the API refuses one it does not know, with the Dutch reason at its field).
 */
export function questionBody(values: ContactFormValues, player: ContactFormPlayer | undefined) {
  const number = values.ticketOrOrderNumber?.trim();
  return {
    name: values.name ?? "",
    email: player?.email ?? values.email ?? "",
    subject: (values.subject ?? "") as ContactMessage["subject"],
    ...(number ? { ticketOrOrderNumber: number } : {}),
    message: values.message ?? "",
  };
}

const INPUTS: ReadonlySet<string> = new Set(Object.keys(CONTACT_FIELDS));

/** A refusal as the form shows it: each field's Dutch message at its field, the rest (a 429) above. */
export function refusal(error: ApiError): Pick<QuestionAnswer, "errors" | "formError"> {
  const { byInput, unmatched } = serverErrorsByInput(error.fieldErrors, (key) =>
    INPUTS.has(key) ? key : undefined,
  );
  const formError =
    unmatched[0] ?? (Object.keys(byInput).length === 0 ? error.message || general.generic : undefined);
  return { errors: byInput, formError };
}

/** Whether the refusal is the player's to fix (a 4xx with an answer); anything else goes to the error page. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
