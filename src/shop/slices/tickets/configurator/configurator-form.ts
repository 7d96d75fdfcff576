import type { ConfiguredTicket, PriceDetails } from "@/src/contract/tickets";
import {
  END_DIGIT_COUNT,
  FRACTIONS,
  type Fraction,
  PRODUCT_TYPES,
  type ProductType,
} from "@/src/domain/tickets/catalogue";
import { ticketConfigurator as text, ticketMessages } from "@/src/lib/messages";
import {
  drawInForce,
  endDigitsInputName,
  endDigitsPayload,
  findPriceLine,
  openDraws,
  parseQuantity,
  toEndDigitsPair,
} from "./configurator-model";

/**
 * The configurator as a plain form post (progressive enhancement): what its inputs send, read back into
 * the player's choice, and checked with the same rules the page's script applies before it asks the
 * shop API. The server still verifies and prices the ticket.
 */

/** Where the configurator and the million game post without JavaScript (`routes/basket-add.tsx`). */
export const ADD_TO_BASKET_ACTION = "/winkelmandje/toevoegen";

/** The player's choice as the form had it, valid or not, to show the form again as it was. */
export type ConfiguratorChoice = {
  drawId?: number;
  productType: ProductType;
  fraction: Fraction;
  withXl: boolean;
  quantityText: string;
  multiplier: number;
  /** The end digits as typed, per ticket, for the chosen product's digit count. */
  digits: string[];
};

/** A form never sends more end-digit inputs than the largest quantity the configurator offers. */
const MAX_DIGIT_INPUTS = 100;
const SHORT = 10;

function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((option) => option === value);
}

function whole(value: string | null): number | undefined {
  return value !== null && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** The choice in a configurator's form post; unknown or missing values read as the form's defaults. */
export function choiceFromForm(form: URLSearchParams): ConfiguratorChoice {
  const digits: string[] = [];
  for (let index = 0; index < MAX_DIGIT_INPUTS; index++) {
    const value = form.get(endDigitsInputName(index));
    if (value === null) break;
    digits.push(value.slice(0, SHORT));
  }
  return {
    drawId: whole(form.get("drawId")),
    productType: oneOf(PRODUCT_TYPES, form.get("productType")) ?? "SingleTicket",
    fraction: oneOf(FRACTIONS, form.get("fraction")) ?? "WHOLE",
    withXl: form.has("withXl"),
    quantityText: (form.get("quantity") ?? "").slice(0, SHORT),
    multiplier: whole(form.get("multiplier")) ?? 1,
    digits,
  };
}

export type CheckedChoice =
  | { ok: true; ticket: ConfiguredTicket }
  | { ok: false; errors: Record<string, string> };

/**
 * The ticket the choice describes, or the messages of the inputs that are not valid (keyed by input
 * name, as the page's script shows them). The draw and fraction in force are those the form shows.
 */
export function checkChoice(
  choice: ConfiguratorChoice,
  details: PriceDetails,
  now: number,
  lockedDrawId?: number,
): CheckedChoice {
  const offered = openDraws(details.draws, now).filter(
    (draw) => lockedDrawId === undefined || draw.drawId === lockedDrawId,
  );
  const draw = drawInForce(offered, choice.drawId);
  if (!draw) return { ok: false, errors: { drawId: text.drawNotOnSale } };
  const digitCount = END_DIGIT_COUNT[choice.productType];
  const errors: Record<string, string> = {};
  // The script offers only what the chosen draw sells; a form without it shows the first draw's
  // choices, so a part the chosen draw does not sell is said, not silently replaced.
  if (!draw.fractions.includes(choice.fraction) || !findPriceLine(draw, choice.productType, choice.fraction))
    errors.fraction = ticketMessages.fraction;
  const quantity = parseQuantity(choice.quantityText, details.maxQuantity);
  if (quantity === undefined) errors.quantity = text.quantityError(details.maxQuantity);
  choice.digits.slice(0, quantity ?? choice.digits.length).forEach((value, index) => {
    if (!toEndDigitsPair(value, digitCount))
      errors[endDigitsInputName(index)] = digitCount === 1 ? text.endDigitStreetError : text.endDigitsError;
  });
  const endDigits =
    quantity === undefined ? undefined : endDigitsPayload(choice.digits, quantity, digitCount);
  if (quantity === undefined || endDigits === undefined || Object.keys(errors).length > 0)
    return { ok: false, errors };
  return {
    ok: true,
    ticket: {
      drawId: draw.drawId,
      productType: choice.productType,
      fraction: choice.fraction,
      withXl: choice.withXl,
      quantity,
      multiplier: choice.multiplier,
      endDigits,
      isUpsell: false,
    },
  };
}
