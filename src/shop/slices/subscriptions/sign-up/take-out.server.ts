import { data, redirect } from "react-router";
import {
  type SubscriptionChoice,
  takeOutSubscription,
  verifySubscription,
} from "@/src/contract/subscriptions";
import { general, subscriptionMessages, subscriptionSignUp as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { serverErrorsByInput } from "@/src/shop/components/field-error";
import { checkChoice } from "../choice-form";
import type { SignUpAnswer } from "../sign-up-form";
import {
  accountErrors,
  endSignUpCookie,
  newSignUpTransaction,
  type SignUpFields,
  signUpTransaction,
} from "../sign-up-step.server";
import { canonicalQuery, type Offer, offerOf, type SignUpDeps } from "./offer.server";

/** The sign-up form's own fields: a refusal of the API at one of these is shown at it. */
const SIGN_UP_FIELDS = ["iban", "accountHolder", "mandateAccepted", "issuer"];

type Refusal = Omit<SignUpAnswer, "values">;

/** The sign-up form shown again with every value kept, and why. */
export function signUpRefusal(values: SignUpFields, status: number, answer: Refusal, headers?: Headers) {
  return data<SignUpAnswer>({ values, ...answer }, { status, headers });
}

/**
 * Taking out the subscription (its anti-forgery token already checked): the choice from the page's query
 * string, the account and the mandate from the form, under this browser's transaction id for the choice;
 * 303 to the payment page. A refusal shows the page again with the messages at the fields.
 */
export async function takeOut(
  deps: SignUpDeps,
  request: Request,
  values: SignUpFields,
  profileIban: string | null | undefined,
) {
  const refuse = (status: number, answer: Refusal, headers?: Headers) =>
    signUpRefusal(values, status, answer, headers);
  const offer = await offerOf(deps, new URL(request.url).searchParams);
  if (!offer) return refuse(404, { errors: {}, formError: subscriptionMessages.unknownPage });
  if ("trialRefused" in offer) return refuse(409, { errors: {}, formError: offer.trialRefused.message });
  const checked = checkChoice(offer.form, offer.details);
  // The page showed a valid choice; a changed address is sent back to the form by the loader.
  if (!checked.ok) return refuse(422, { errors: {}, formError: text.formError });
  if (!values.mandateAccepted) {
    const errors = { ...accountErrors(values, profileIban), mandateAccepted: subscriptionMessages.mandate };
    return refuse(422, { errors });
  }

  const transaction = signUpTransaction(request, canonicalQuery(offer), deps.secureCookies);
  const headers = new Headers();
  if (transaction.setCookie) headers.append("Set-Cookie", transaction.setCookie);
  try {
    const started = await deps.playerShop.call(takeOutSubscription, {
      params: { pageId: offer.pageId },
      body: {
        ...checked.choice,
        transactionId: transaction.id,
        iban: values.iban,
        accountHolder: values.accountHolder,
        mandateAccepted: true,
        issuer: values.issuer || undefined,
      },
    });
    return redirect(started.redirectUrl, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    if (error.status === 409)
      return refuse(409, await endedSignUp(deps, offer, checked.choice, error, headers), headers);
    const { byInput: errors, unmatched } = serverErrorsByInput(error.fieldErrors, (field) =>
      SIGN_UP_FIELDS.includes(field) ? field : undefined,
    );
    const formError =
      unmatched[0] ?? (Object.keys(errors).length === 0 ? error.message || general.generic : undefined);
    return refuse(error.status, { errors, formError }, headers);
  }
}

/**
 * This id is used up (paid already, or rolled back): the next try starts a new sign-up. One rolled back gets
 * its new id now, so the page shows the mandate the next try signs (issue 40). Adds the cookie to `headers`.
 */
async function endedSignUp(
  deps: SignUpDeps,
  offer: Offer,
  choice: SubscriptionChoice,
  error: ApiError,
  headers: Headers,
): Promise<Refusal> {
  const restart =
    error.code === "TransactionRolledbackError" ? await restartSignUp(deps, offer, choice) : undefined;
  headers.append("Set-Cookie", restart?.setCookie ?? endSignUpCookie(deps.secureCookies));
  return {
    errors: {},
    formError:
      error.code === "TransactionAlreadyProcessedError"
        ? text.alreadyProcessedMessage
        : error.code === "TransactionRolledbackError"
          ? text.rolledBackMessage
          : error.message || general.generic,
    alreadyProcessed: error.code === "TransactionAlreadyProcessedError",
    ...(restart ? { mandateId: restart.mandateId } : {}),
  };
}

/** A new sign-up id for the choice after one ended unpaid, and the mandate id the shop API gives it. */
async function restartSignUp(
  deps: SignUpDeps,
  offer: Offer,
  choice: SubscriptionChoice,
): Promise<{ setCookie: string; mandateId: string | null }> {
  const transaction = newSignUpTransaction(canonicalQuery(offer), deps.secureCookies);
  const quote = await deps.playerShop.call(verifySubscription, {
    params: { pageId: offer.pageId },
    body: { ...choice, transactionId: transaction.id },
  });
  return { setCookie: transaction.setCookie, mandateId: quote.mandateId };
}
