import type {
  CancelApplied,
  CancelQuote,
  RetentionOfferInfo,
  SubscriptionChangeApplied,
} from "@/src/contract/subscription-changes";
import type { SubscriptionItem } from "@/src/contract/subscriptions";

/**
 * The cancellation in at most three steps (issue 15 item 4, `/mijn/abonnement/{id}/opzeggen`): 1. what to
 * stop, 2. the retention offers with an equally prominent "Nee, toch opzeggen" (left out when none
 * applies), 3. the confirmation, or the offer kept. Every step is a plain form post to the route's action
 * (decision 12), which answers the next step; the flow's transaction id, made when step 1 was shown,
 * travels in a hidden field so a second tab, with its own id, cannot cancel twice.
 */

/** The form fields of the flow's posts. */
export const CANCEL_FIELD = {
  intent: "intent",
  transactionId: "transactionId",
  scope: "scope",
  item: "item",
  offerId: "offerId",
  /** Whether step 1 promised a step 2 ("Verder"): then the player always sees one before cancelling. */
  offered: "offered",
} as const;

export const CANCEL_INTENTS = ["choose", "accept", "cancel"] as const;
export type CancelIntent = (typeof CANCEL_INTENTS)[number];

/** Step 1 as the loader shows it. */
export type CancelStart = {
  subscriptionId: number;
  items: SubscriptionItem[];
  transactionId: string;
  token: string;
  /** What cancelling the whole subscription would stop; null when it cannot be cancelled online. */
  quote: CancelQuote | null;
  /** Why the flow cannot start (a subscription taken out by phone, one already cancelled). */
  blocked: string | null;
  /** Only the customer service can cancel it (SubscriptionNotCancelableError): the page links there. */
  byCustomerService: boolean;
};

/** The items chosen at step 1; null for the whole subscription. */
export type CancelChoice = { items: number[] | null };

/** The action's answer: the step to show next. */
export type CancelAnswer =
  | { step: "choose"; transactionId: string; token: string; choice: CancelChoice; error: string }
  | {
      step: "offers";
      transactionId: string;
      token: string;
      choice: CancelChoice;
      quote: CancelQuote;
      offers: RetentionOfferInfo[];
      /** Why an offer the player chose could not be applied; they can choose again or cancel. */
      notice: string | null;
    }
  | {
      step: "cancelled";
      applied: CancelApplied;
      email: string | null;
      /** 2 when step 2 was left out (no offers), else 3. */
      steps: number;
    }
  | { step: "kept"; applied: SubscriptionChangeApplied; offer: RetentionOfferInfo | null }
  /** A refusal that ends the flow; `restart` when starting again can help (a rolled-back try, an expired form). */
  | { step: "stopped"; message: string; restart: boolean; byCustomerService?: boolean };
