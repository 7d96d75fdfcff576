import type { SubscriptionUpsellFields } from "@/content-models/subscription-upsell";
import type {
  DrawUpsellApplied,
  SubscriptionChangeApplied,
  SubscriptionChangeQuote,
} from "@/src/contract/subscription-changes";
import type { SubscriptionSummary } from "@/src/contract/subscriptions";
import { FRACTIONS_BY_DRAW_KIND } from "@/src/domain/tickets/catalogue";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { general, subscriptionUpsellBlock as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";

/** What the upsell offers: XL, or one extra play in a special draw (the CMS block's fields). */
export type UpsellKind = Pick<SubscriptionUpsellFields, "kind" | "drawKind">;

export type Subscriptions =
  | { status: "loading" }
  | { status: "login" }
  | { status: "failed"; message: string }
  | { status: "ready"; subscriptions: SubscriptionSummary[] };

export type Quote =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "quoted"; quote: SubscriptionChangeQuote }
  | { status: "failed"; message: string };

export type Applied =
  | { kind: "xl"; result: SubscriptionChangeApplied }
  | { kind: "draw"; result: DrawUpsellApplied };

/** What went wrong in Dutch: the shop's text for the choice (a 422) or for its code. */
export function messageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return general.generic;
  return Object.values(error.fieldErrors).flat()[0] ?? error.message;
}

/**
 * The items an upsell can take: for XL those without it; for a draw those whose fraction that draw sells
 * (the year-end draw sells no fifths).
 */
export function eligibleItems(subscription: SubscriptionSummary, { kind, drawKind }: UpsellKind) {
  if (kind === "xl") return subscription.items.filter((item) => !item.withXl);
  const fractions: readonly string[] = FRACTIONS_BY_DRAW_KIND[drawKind ?? "extra"];
  return subscription.items.filter((item) => fractions.includes(item.fractionType));
}

export function newTransactionId(): string {
  return crypto.randomUUID();
}

export const drawText = (draw: { name: string; drawDate: string }) =>
  text.draw(draw.name, formatDate(draw.drawDate));

export function paymentText(payment: SubscriptionChangeQuote["payment"]): string {
  if (payment.method === "nextCollection") return text.payNextCollection;
  if (payment.method === "directDebitOnce") return text.payOnce(formatEuroCents(payment.amountInCents));
  return text.payNothing;
}
