import { getActionOffer } from "@/src/contract/action-codes";
import {
  getSubscriptionPriceDetails,
  type SubscriptionChoice,
  type SubscriptionPriceDetails,
  type SubscriptionQuote,
  verifySubscription,
} from "@/src/contract/subscriptions";
import { PageIdSchema } from "@/src/contract/tickets";
import { actionMessages, general } from "@/src/lib/messages";
import type { ApiCaller } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";
import {
  type ChoiceForm,
  choiceFormFromQuery,
  choiceQuery,
  errorsByInput,
  formPageFrom,
} from "../choice-form";

/**
 * What the sign-up step (`/abonnement/afsluiten`) needs from the request it serves, as one object: the
 * route builds it from its request context.
 */
export type SignUpDeps = {
  /** The shop API as any visitor. */
  shop: ApiCaller;
  /** The shop API as the logged-in player (an ended session goes to the login page). */
  playerShop: ApiCaller;
  /** The logged-in player whose age the bank confirmed; otherwise throws the way to the login or iDIN. */
  requireAdult: () => Promise<unknown>;
  secureCookies: boolean;
};

export type Offer = { pageId: string; details: SubscriptionPriceDetails; form: ChoiceForm; formPage: string };
/** A campaign's trial the form cannot take out: why, and the campaign's page. */
export type TrialRefused = { trialRefused: { message: string; actionPagePath?: string } };

/**
 * The page's offer and the choice in the query string; undefined for a page id the shop does not sell. A
 * choice that names a campaign (`actie`, issue 18) is the logged-in player's trial: its promotion replaces
 * the page's, or the page says why it cannot (no activated code, ended, another form).
 */
export async function offerOf(
  deps: SignUpDeps,
  query: URLSearchParams,
): Promise<Offer | TrialRefused | undefined> {
  const pageId = PageIdSchema.safeParse(query.get("pageId"));
  if (!pageId.success) return undefined;
  let details: SubscriptionPriceDetails;
  try {
    details = await deps.shop.call(getSubscriptionPriceDetails, { params: { pageId: pageId.data } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
  const { actionPageId } = choiceFormFromQuery(query, details);
  if (actionPageId) {
    const trial = await trialPromotionOf(deps, actionPageId, pageId.data);
    if ("trialRefused" in trial) return trial;
    details = { ...details, promotion: trial.promotion };
  }
  return {
    pageId: pageId.data,
    details,
    form: choiceFormFromQuery(query, details),
    formPage: formPageFrom(query),
  };
}

/** The player's trial of a campaign for this form (a login, and an adult's, first). */
async function trialPromotionOf(
  deps: SignUpDeps,
  actionPageId: string,
  pageId: string,
): Promise<{ promotion: SubscriptionPriceDetails["promotion"] } | TrialRefused> {
  await deps.requireAdult();
  try {
    const offer = await deps.playerShop.call(getActionOffer, { params: { pageId: actionPageId } });
    if (offer.subscription?.pageId !== pageId) {
      return {
        trialRefused: { message: actionMessages.otherSubscriptionForm, actionPagePath: offer.actionPagePath },
      };
    }
    return { promotion: offer.subscription.promotion };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const message = error.fieldErrors.actionCode?.[0] ?? (error.message || general.generic);
    return { trialRefused: { message, actionPagePath: error.fieldErrors.actionPagePath?.[0] } };
  }
}

/** The choice's query string as the form writes it: the same choice always has the same text. */
export function canonicalQuery(offer: Offer): string {
  return choiceQuery(offer.form, { pageId: offer.pageId, formPage: offer.formPage }).toString();
}

/**
 * The shop's quote of a valid choice under the sign-up's transaction id (so the quote names the mandate the
 * player signs), or the shop's refusal (422) as the choice form shows it.
 */
export async function quoteOf(
  deps: SignUpDeps,
  offer: Offer,
  choice: SubscriptionChoice,
  transactionId: string,
): Promise<{ quote: SubscriptionQuote } | { errors: Record<string, string>; formError?: string }> {
  try {
    const quote = await deps.playerShop.call(verifySubscription, {
      params: { pageId: offer.pageId },
      body: { ...choice, transactionId },
    });
    return { quote };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    const { byInput, unmatched } = errorsByInput(error.fieldErrors);
    return {
      errors: byInput,
      formError: unmatched[0] ?? (Object.keys(byInput).length === 0 ? error.message : undefined),
    };
  }
}
