import { ALL_MONTHS, choosesEndDigits, type SubscriptionFraction } from "@/src/domain/subscriptions/plan";
import type { EndDigitsPair } from "@/src/domain/tickets/basket-ticket";
import {
  FRACTION_LABELS,
  PRODUCT_LABELS,
  type ProductType,
  UNCHOSEN_DIGIT,
} from "@/src/domain/tickets/catalogue";
import { subscriptionForm, subscriptionSignUp as text } from "@/src/lib/messages";

/** A subscription item as quoted or held (the contract's quoted item, with its fixed number once known). */
type Item = {
  productType: ProductType;
  fractionType: SubscriptionFraction;
  withXl: boolean;
  endDigits: EndDigitsPair | null;
  withFixedTicketNumber: boolean;
  participatingMonths: readonly number[];
  multiplier: number;
  fixedNumber?: string | null;
};

/**
 * The chosen end digits as a player reads them (issue 43: not `_9`): `eindcijfers 37` for both,
 * `eindcijfer 7` for the last one alone, `voorlaatste cijfer 3` for the second-last alone.
 */
export function endDigitsText(pair: EndDigitsPair): string {
  const [secondLast, last] = pair;
  if (secondLast === UNCHOSEN_DIGIT) return text.lastDigit(last);
  if (last === UNCHOSEN_DIGIT) return text.secondLastDigit(secondLast);
  return text.endDigits(`${secondLast}${last}`);
}

/** Months as a Dutch list: "januari, juni en december". */
export function monthList(months: readonly number[]): string {
  const names = [...months].sort((a, b) => a - b).map(subscriptionForm.monthName);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} en ${names[names.length - 1]}` : names.join("");
}

/** The months an item plays in: "elke maand" or "in januari, juni en december". */
export function monthsText(months: readonly number[]): string {
  if (ALL_MONTHS.every((month) => months.includes(month))) return text.allMonths;
  return text.someMonths(monthList(months));
}

/**
 * One item as a player reads it: `Straat (10 loten), Vijfde lot, met XL, vast lotnummer 0123450, elke
 * maand` (spec section 3's update fields).
 */
export function describeItem(item: Item): string {
  const parts = [
    PRODUCT_LABELS[item.productType],
    FRACTION_LABELS[item.fractionType],
    item.withXl ? text.withXl : undefined,
    item.multiplier > 1 ? text.multiplier(item.multiplier) : undefined,
    item.endDigits && choosesEndDigits(item.endDigits) ? endDigitsText(item.endDigits) : undefined,
    item.withFixedTicketNumber
      ? item.fixedNumber
        ? text.fixedNumberOf(item.fixedNumber)
        : text.fixedNumber
      : undefined,
    monthsText(item.participatingMonths),
  ];
  return parts.filter(Boolean).join(", ");
}
