import type { SubscriptionChangeQuote } from "@/src/contract/subscription-changes";
import type { ChoiceForm } from "../choice-form";
import type { ItemForm } from "./item-form";

/** The form post's intents of the edit page: verify (without JavaScript) or apply, per kind of change. */
export const INTENTS = ["verifyUpdate", "update", "verifyAdd", "add", "verifyRemove", "remove"] as const;
export type Intent = (typeof INTENTS)[number];

/** Shared by every form of the page's action. */
export const FIELDS = {
  intent: "intent",
  transactionId: "transactionId",
  itemId: "itemId",
  /** The key of the body whose quote the form shows (`quotedKey`): the confirm applies only that body. */
  quoted: "quoted",
} as const;

type Refusal = { errors: Record<string, string>; formError?: string };

/**
 * What the edit page's action answers: a form shown again (with the shop's quote, or its refusal at the
 * fields) or the change applied. Plain data, so the page shows it with or without JavaScript.
 */
export type EditAnswer =
  | ({ kind: "update"; itemId: number; values: ItemForm; quote?: SubscriptionChangeQuote } & Refusal)
  | ({ kind: "add"; values: ChoiceForm; quote?: SubscriptionChangeQuote } & Refusal)
  | {
      kind: "remove";
      itemId: number;
      quote?: SubscriptionChangeQuote;
      formError?: string;
      /** Removing this item would stop the subscription: the page links to the cancellation. */
      lastItem?: boolean;
    }
  | { kind: "applied"; message: string[] }
  | { kind: "failed"; formError: string };
