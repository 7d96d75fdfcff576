import {
  type SubscriptionChoice,
  SubscriptionChoiceSchema,
  type SubscriptionPriceDetails,
} from "@/src/contract/subscriptions";
import { PageIdSchema } from "@/src/contract/tickets";
import {
  ALL_MONTHS,
  MAX_SUBSCRIPTION_QUANTITY,
  MIN_PARTICIPATING_MONTHS,
} from "@/src/domain/subscriptions/plan";
import type { EndDigitsPair } from "@/src/domain/tickets/basket-ticket";
import { UNCHOSEN_DIGIT } from "@/src/domain/tickets/catalogue";
import { general, subscriptionMessages } from "@/src/lib/messages";
import { serverErrorsByInput } from "@/src/shop/components/field-error";

/**
 * The subscription form's choice as a query string (progressive enhancement): the block's form sends it
 * with GET to `/abonnement/afsluiten`, the login's return address and every "change your choice" link carry
 * it, and the block and the sign-up page read it back. The inputs are named after the fields of the shop
 * API's body, so a refusal of the API (422) lands at the input it is about. The API prices and checks the
 * choice again.
 */

/** The sign-up step the form sends its choice to. */
export const SIGN_UP_PATH = "/abonnement/afsluiten";
/** The form page a link goes back to when the choice does not name one. */
export const DEFAULT_FORM_PAGE = "/abonnement";
/** The query parameter holding the path of the page the form is on, so links can go back there. */
export const FORM_PAGE_PARAM = "formPage";
/** The query parameter holding the campaign page whose trial subscription the form takes out (issue 18). */
export const ACTION_PAGE_PARAM = "actie";
/** `stap=keuze`: the sign-up step shows the form with the choice, to change it (a trial's way back). */
export const CHOICE_STEP_PARAM = "stap";

/** The inputs of the form, named as the API's body fields (the end digits: `endDigits.{ticket}.{0|1}`). */
export const FIELD = {
  productType: "productType",
  fractionType: "fractionType",
  withXl: "withXl",
  quantity: "quantity",
  withFixedTicketNumber: "withFixedTicketNumber",
  participatingMonths: "participatingMonths",
  chosenPromotionId: "chosenPromotionId",
  endDigits: "endDigits",
} as const;

/** The choice as the form holds it: what was sent, valid or not, so the form can show it again. */
export type ChoiceForm = {
  productType: string;
  fractionType: string;
  withXl: boolean;
  /** The quantity as typed. */
  quantityText: string;
  withFixedTicketNumber: boolean;
  /** The checked months as sent ("1" to "12"). */
  months: string[];
  /** The promotion the player takes, when they take the one offered. */
  promotionId: string | undefined;
  /** Per ticket, its second-last and last digit as chosen; "" leaves it to chance. */
  endDigits: Array<[string, string]>;
  /** A campaign's trial subscription (issue 18): the campaign page, sent when its promotion is taken. */
  actionPageId?: string;
};

/** A short cap on what is kept of a sent value (it is only shown again, never trusted). */
const SHORT = 80;
const TRUE = "true";

/** The input name of one end digit: `endDigits.0.1` is ticket 1's last digit. */
export function endDigitInputName(ticket: number, position: 0 | 1): string {
  return `${FIELD.endDigits}.${ticket}.${position}`;
}

/** The name errors of a ticket's end digits are shown under. */
export function endDigitsRowName(ticket: number): string {
  return `${FIELD.endDigits}.${ticket}`;
}

/** The form before the player chose anything: one whole single ticket, every month, the promotion taken. */
export function defaultChoiceForm(details: Pick<SubscriptionPriceDetails, "promotion">): ChoiceForm {
  return {
    productType: "SingleTicket",
    fractionType: "WHOLE",
    withXl: false,
    quantityText: "1",
    withFixedTicketNumber: false,
    months: ALL_MONTHS.map(String),
    promotionId: details.promotion?.id,
    endDigits: [],
  };
}

/**
 * The choice a query string carries. A query without a product chose nothing (a plain link to the page):
 * the defaults. Otherwise it is read as a form sends it: an unchecked box or month is simply absent.
 */
export function choiceFormFromQuery(
  query: URLSearchParams,
  details: Pick<SubscriptionPriceDetails, "promotion">,
): ChoiceForm {
  const action = PageIdSchema.safeParse(query.get(ACTION_PAGE_PARAM));
  const actionPageId = action.success ? action.data : undefined;
  if (!query.has(FIELD.productType)) return { ...defaultChoiceForm(details), actionPageId };
  const endDigits: Array<[string, string]> = [];
  for (let ticket = 0; ticket < MAX_SUBSCRIPTION_QUANTITY; ticket++) {
    endDigits.push([
      short(query.get(endDigitInputName(ticket, 0))),
      short(query.get(endDigitInputName(ticket, 1))),
    ]);
  }
  while (endDigits.length > 0 && endDigits[endDigits.length - 1]!.every((digit) => digit === ""))
    endDigits.pop();
  return {
    productType: short(query.get(FIELD.productType)),
    fractionType: short(query.get(FIELD.fractionType)),
    withXl: query.get(FIELD.withXl) === TRUE,
    quantityText: short(query.get(FIELD.quantity)),
    withFixedTicketNumber: query.get(FIELD.withFixedTicketNumber) === TRUE,
    months: [...new Set(query.getAll(FIELD.participatingMonths).map(short))].slice(0, 12),
    promotionId: short(query.get(FIELD.chosenPromotionId)) || undefined,
    endDigits,
    actionPageId,
  };
}

function short(value: string | null): string {
  return (value ?? "").trim().slice(0, SHORT);
}

/** The query string of a choice, as the form sends it (empty end digits left out). */
export function choiceQuery(form: ChoiceForm, page: { pageId: string; formPage?: string }): URLSearchParams {
  const query = new URLSearchParams({ pageId: page.pageId });
  if (page.formPage) query.set(FORM_PAGE_PARAM, page.formPage);
  query.set(FIELD.productType, form.productType);
  query.set(FIELD.fractionType, form.fractionType);
  if (form.withXl) query.set(FIELD.withXl, TRUE);
  query.set(FIELD.quantity, form.quantityText);
  if (form.withFixedTicketNumber) query.set(FIELD.withFixedTicketNumber, TRUE);
  for (const month of form.months) query.append(FIELD.participatingMonths, month);
  if (form.promotionId) query.set(FIELD.chosenPromotionId, form.promotionId);
  if (form.actionPageId) query.set(ACTION_PAGE_PARAM, form.actionPageId);
  form.endDigits.forEach((pair, ticket) => {
    pair.forEach((digit, position) => {
      if (digit !== "") query.set(endDigitInputName(ticket, position as 0 | 1), digit);
    });
  });
  return query;
}

/**
 * The path of the page the form is on, from a query string: a path on this site only (no `//host`), else
 * the default form page.
 */
export function formPageFrom(query: URLSearchParams): string {
  const value = query.get(FORM_PAGE_PARAM) ?? "";
  return /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/.test(value) && value.length <= 200
    ? value
    : DEFAULT_FORM_PAGE;
}

/** The form page with the choice in its query: the way back to the form with every choice kept. */
export function formPageLink(query: URLSearchParams): string {
  return `${formPageFrom(query)}?${query}`;
}

/** The quantity typed, as a whole number; NaN when it is not one (the schema then says what is wrong). */
function quantityOf(text: string): number {
  return /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
}

function digitOf(text: string): number {
  if (text === "") return UNCHOSEN_DIGIT;
  return /^\d$/.test(text) ? Number(text) : Number.NaN;
}

/** The end digits sent for tickets 1..quantity, trailing tickets left entirely to chance left out. */
function endDigitPairs(form: ChoiceForm, quantity: number): EndDigitsPair[] {
  // An invalid quantity still has its digits checked, so every message shows at once.
  const count =
    Number.isInteger(quantity) && quantity >= 1
      ? Math.min(quantity, form.endDigits.length)
      : form.endDigits.length;
  const pairs = form.endDigits
    .slice(0, count)
    .map(([first, last]) => [digitOf(first), digitOf(last)] as EndDigitsPair);
  while (pairs.length > 0 && pairs[pairs.length - 1]!.every((digit) => digit === UNCHOSEN_DIGIT)) pairs.pop();
  return pairs;
}

/** The Dutch message each input shows when its value is refused (the form's own check and the API's). */
export function messageFor(name: string, maxQuantity = MAX_SUBSCRIPTION_QUANTITY): string {
  const field = name.split(".")[0];
  switch (field) {
    case FIELD.productType:
      return subscriptionMessages.product;
    case FIELD.fractionType:
      return subscriptionMessages.fraction;
    case FIELD.quantity:
      return subscriptionMessages.quantity(maxQuantity);
    case FIELD.participatingMonths:
      return subscriptionMessages.months(MIN_PARTICIPATING_MONTHS);
    case FIELD.chosenPromotionId:
      return subscriptionMessages.promotion;
    case FIELD.endDigits:
      return subscriptionMessages.endDigits;
    default:
      return general.generic;
  }
}

/**
 * The input (or group) an error of a body field belongs to: `endDigits.2.1` -> `endDigits.2` (the row of
 * ticket 3), `participatingMonths.4` -> `participatingMonths`. Undefined for fields the form has no input
 * for (`params.pageId`, `multiplier`); those go to the form's alert.
 */
export function errorTarget(key: string): string | undefined {
  const [field, index] = key.split(".");
  if (field === FIELD.endDigits)
    return index !== undefined && /^\d+$/.test(index) ? endDigitsRowName(Number(index)) : FIELD.endDigits;
  return Object.values(FIELD).find((name) => name === field);
}

export type Errors = Readonly<Record<string, string>>;

export type CheckedChoice = { ok: true; choice: SubscriptionChoice } | { ok: false; errors: Errors };

/**
 * The choice the form describes, checked with the API's own schema (so the form says what the API would
 * refuse before it is asked), plus what the page's offer decides: the largest quantity and its promotion.
 * Errors are keyed by input name, with the form's Dutch messages.
 */
export function checkChoice(
  form: ChoiceForm,
  details: Pick<SubscriptionPriceDetails, "promotion" | "maxQuantity">,
): CheckedChoice {
  const quantity = quantityOf(form.quantityText);
  const endDigits = endDigitPairs(form, quantity);
  const errors: Record<string, string> = {};
  const fail = (name: string) => {
    errors[name] ??= messageFor(name, details.maxQuantity);
  };
  // Only a single ticket chooses end digits (spec section 3); a form without JavaScript can still send them.
  if ((form.productType === "Street" || form.productType === "Boulevard") && endDigits.length > 0)
    errors[FIELD.endDigits] = subscriptionMessages.endDigitsOnlySingle;
  const parsed = SubscriptionChoiceSchema.safeParse({
    productType: form.productType,
    fractionType: form.fractionType,
    withXl: form.withXl,
    quantity,
    endDigits,
    withFixedTicketNumber: form.withFixedTicketNumber,
    participatingMonths: form.months.map((month) => (/^\d{1,2}$/.test(month) ? Number(month) : Number.NaN)),
    chosenPromotionId: form.promotionId,
    // A campaign's trial goes with its promotion: without it, the choice is a subscription like any other.
    actionPageId: form.promotionId ? form.actionPageId : undefined,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const target = errorTarget(issue.path.map(String).join("."));
      if (target) fail(target);
    }
  }
  if (Number.isInteger(quantity) && quantity > details.maxQuantity) fail(FIELD.quantity);
  if (form.promotionId !== undefined && form.promotionId !== details.promotion?.id)
    fail(FIELD.chosenPromotionId);
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, choice: parsed.data };
}

/** Server field errors by the input they belong to, and the messages no input can show. */
export function errorsByInput(fieldErrors: Readonly<Record<string, readonly string[]>>): {
  byInput: Record<string, string>;
  unmatched: string[];
} {
  return serverErrorsByInput(fieldErrors, errorTarget);
}
