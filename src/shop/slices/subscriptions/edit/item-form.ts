import {
  type SubscriptionItemsAdd,
  SubscriptionItemsAddSchema,
  type SubscriptionItemUpdate,
  SubscriptionItemUpdateSchema,
} from "@/src/contract/subscription-changes";
import type { SubscriptionItem } from "@/src/contract/subscriptions";
import { ALL_MONTHS } from "@/src/domain/subscriptions/plan";
import type { EndDigitsPair } from "@/src/domain/tickets/basket-ticket";
import { UNCHOSEN_DIGIT } from "@/src/domain/tickets/catalogue";
import { subscriptionMessages } from "@/src/lib/messages";
import { serverErrorsByInput } from "@/src/shop/components/field-error";
import {
  type ChoiceForm,
  choiceFormFromQuery,
  type Errors,
  endDigitsRowName,
  errorTarget,
  FIELD,
  messageFor,
} from "../choice-form";

/**
 * The edit page's forms (`/mijn/abonnement/{id}/aanpassen`) as they hold what the player chose: an item's
 * update fields (spec section 3) and the items to add. They reuse the subscription form's inputs (and so
 * its input names, the API's body fields), plus the multiplier. A form post without JavaScript is read
 * back the same way, so the action checks what the browser would have.
 */

export const MULTIPLIER_FIELD = "multiplier";

/** An item's update fields as the form holds them. */
export type ItemForm = ChoiceForm & { multiplier: string };

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: Errors };

function digitText(digit: number): string {
  return digit === UNCHOSEN_DIGIT ? "" : String(digit);
}

/** The form of an item as it plays now. */
export function itemFormOf(item: SubscriptionItem): ItemForm {
  return {
    productType: item.productType,
    fractionType: item.fractionType,
    withXl: item.withXl,
    quantityText: "1",
    withFixedTicketNumber: item.withFixedTicketNumber,
    months: [...item.participatingMonths].sort((a, b) => a - b).map(String),
    promotionId: undefined,
    endDigits: item.endDigits ? [[digitText(item.endDigits[0]), digitText(item.endDigits[1])]] : [],
    multiplier: String(item.multiplier),
  };
}

/** The form of the items to add: one whole single ticket, every month. */
export function emptyAddForm(): ChoiceForm {
  return {
    productType: "SingleTicket",
    fractionType: "WHOLE",
    withXl: false,
    quantityText: "1",
    withFixedTicketNumber: false,
    months: ALL_MONTHS.map(String),
    promotionId: undefined,
    endDigits: [],
  };
}

/** An item form as a plain form post (or query) sends it. */
export function itemFormFromPost(post: URLSearchParams): ItemForm {
  const form = choiceFormFromQuery(post, { promotion: null });
  return {
    ...form,
    quantityText: "1",
    promotionId: undefined,
    endDigits: form.endDigits.slice(0, 1),
    multiplier: (post.get(MULTIPLIER_FIELD) ?? "").trim().slice(0, 4),
  };
}

/** The add form as a plain form post sends it (the months are not on it: every month). */
export function addFormFromPost(post: URLSearchParams): ChoiceForm {
  const form = choiceFormFromQuery(post, { promotion: null });
  return { ...form, months: ALL_MONTHS.map(String), withFixedTicketNumber: false, promotionId: undefined };
}

function digitOf(text: string): number {
  if (text === "") return UNCHOSEN_DIGIT;
  return /^\d$/.test(text) ? Number(text) : Number.NaN;
}

/** The input an API field error is shown at, also for the multiplier. */
export function editErrorTarget(key: string): string | undefined {
  if (key.split(".")[0] === MULTIPLIER_FIELD) return MULTIPLIER_FIELD;
  return errorTarget(key);
}

/** Server field errors by input, and the messages no input can show. */
export function editErrorsByInput(fieldErrors: Readonly<Record<string, readonly string[]>>) {
  return serverErrorsByInput(fieldErrors, editErrorTarget);
}

function errorsOf(issues: ReadonlyArray<{ path: PropertyKey[] }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const target = editErrorTarget(issue.path.map(String).join("."));
    if (!target) continue;
    errors[target] ??=
      target === MULTIPLIER_FIELD
        ? subscriptionMessages.multiplier
        : target.startsWith(`${FIELD.endDigits}.`)
          ? subscriptionMessages.endDigits
          : messageFor(target);
  }
  return errors;
}

/** The update body of an item form, checked with the API's own schema. */
export function checkItemForm(itemId: number, form: ItemForm): Checked<SubscriptionItemUpdate> {
  const single = form.productType === "SingleTicket";
  const pair = form.endDigits[0];
  const endDigits: EndDigitsPair | null =
    single && pair?.some((digit) => digit !== "") ? [digitOf(pair[0]), digitOf(pair[1])] : null;
  const parsed = SubscriptionItemUpdateSchema.safeParse({
    id: itemId,
    productType: form.productType,
    fractionType: form.fractionType,
    withXl: form.withXl,
    endDigits,
    withFixedTicketNumber: form.withFixedTicketNumber,
    participatingMonths: form.months.map((month) => (/^\d{1,2}$/.test(month) ? Number(month) : Number.NaN)),
    multiplier: /^\d{1,2}$/.test(form.multiplier) ? Number(form.multiplier) : Number.NaN,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors = errorsOf(parsed.error.issues);
  // The pair's own path is `endDigits.0`/`endDigits.1` (a digit): shown at the item's one row.
  for (const key of Object.keys(errors)) {
    if (key.startsWith(`${FIELD.endDigits}.`) && key !== endDigitsRowName(0)) {
      errors[endDigitsRowName(0)] ??= errors[key]!;
      delete errors[key];
    }
  }
  return {
    ok: false,
    errors: Object.keys(errors).length > 0 ? errors : { [FIELD.productType]: messageFor("") },
  };
}

/**
 * The key of a verified body, as the form carries it next to the quote it shows (hidden field `quoted`):
 * the action applies only a body with that key, so what is confirmed is what was priced. The same for
 * any order of keys or months.
 */
export function quotedKey(body: SubscriptionItemUpdate | SubscriptionItemsAdd): string {
  const months =
    "participatingMonths" in body ? [...body.participatingMonths].sort((a, b) => a - b) : undefined;
  const entries = Object.entries({ ...body, ...(months ? { participatingMonths: months } : {}) })
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/** Whether the form still describes the item as it plays (nothing to verify). */
export function sameAsItem(item: SubscriptionItem, body: SubscriptionItemUpdate): boolean {
  const now = checkItemForm(item.id, itemFormOf(item));
  return now.ok && JSON.stringify(now.body) === JSON.stringify(body);
}

/** The add body of the add form, checked with the API's own schema. */
export function checkAddForm(
  subscriptionId: number,
  form: ChoiceForm,
  maxQuantity: number,
): Checked<SubscriptionItemsAdd> {
  const quantity = /^\d{1,2}$/.test(form.quantityText) ? Number(form.quantityText) : Number.NaN;
  const single = form.productType === "SingleTicket";
  const count = Number.isInteger(quantity) && quantity >= 1 ? quantity : 0;
  const pairs = single
    ? form.endDigits.slice(0, count).map(([first, last]) => [digitOf(first), digitOf(last)] as EndDigitsPair)
    : [];
  while (pairs.length > 0 && pairs[pairs.length - 1]!.every((digit) => digit === UNCHOSEN_DIGIT)) pairs.pop();
  const parsed = SubscriptionItemsAddSchema.safeParse({
    subscriptionId,
    productType: form.productType,
    fractionType: form.fractionType,
    withXl: form.withXl,
    quantity,
    endDigits: pairs,
  });
  const errors = parsed.success ? {} : errorsOf(parsed.error.issues);
  if (Number.isInteger(quantity) && quantity > maxQuantity)
    errors[FIELD.quantity] ??= messageFor(FIELD.quantity, maxQuantity);
  if (!parsed.success || Object.keys(errors).length > 0)
    return {
      ok: false,
      errors: Object.keys(errors).length > 0 ? errors : { [FIELD.quantity]: messageFor(FIELD.quantity) },
    };
  return { ok: true, body: parsed.data };
}
