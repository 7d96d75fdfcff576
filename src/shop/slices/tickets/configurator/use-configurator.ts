import { type FormEvent, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { type PriceDetails, type SaleDraw, verifyConfiguredTicket } from "@/src/contract/tickets";
import { END_DIGIT_COUNT, type Fraction, type ProductType } from "@/src/domain/tickets/catalogue";
import { general, ticketConfigurator as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { createLatestOnly } from "@/src/shop/client/latest-only";
import { useApiClients } from "@/src/shop/components/api-context";
import type { FieldErrors } from "@/src/shop/components/field-error";
import { focusFirstError } from "@/src/shop/components/focus-first-error";
import type { AddToBasket } from "../add-to-basket";
import { useClientNow } from "../use-client-now";
import type { ConfiguratorChoice } from "./configurator-form";
import {
  type DigitCount,
  drawInForce,
  endDigitsInputName,
  endDigitsPayload,
  fieldErrorsByInput,
  findPriceLine,
  fractionInForce,
  openDraws,
  type PriceSummary,
  parseQuantity,
  priceSummary,
  toEndDigitsPair,
} from "./configurator-model";

export type ConfiguratorInput = {
  /** The page id the shop API prices and verifies tickets for (spec section 7). */
  pageId: string;
  details: PriceDetails;
  /** Sell this draw only (a player adding a ticket to a given draw from /mijn). */
  lockedDrawId?: number;
  addToBasket: AddToBasket;
  /**
   * The form as the server's action answered it (a post without JavaScript that was refused): the
   * player's choice, shown again, with the messages by input name and for the whole form.
   */
  answered?: { choice: ConfiguratorChoice; errors: Readonly<Record<string, string>>; formError?: string };
};

/** The player's choice as it stands, what it costs, and the ways to change and submit it. */
export type Configurator = {
  /** The draws on offer: those still on sale, or only the locked one. */
  offered: SaleDraw[];
  draw: SaleDraw;
  productType: ProductType;
  fraction: Fraction;
  withXl: boolean;
  /** The quantity as typed, valid or not. */
  quantityText: string;
  /** The last valid quantity: the end-digit inputs and the price follow it while the input is being edited. */
  quantity: number;
  multiplier: number;
  digitCount: DigitCount;
  /** The end digits typed for the chosen product's digit count, per ticket. */
  digitValues: readonly string[];
  /** Undefined when the draw has no price for the chosen product and fraction. */
  summary: PriceSummary | undefined;
  errors: FieldErrors;
  /** The alert for what no input can show (a failed call, a closed locked draw). */
  formError: string | undefined;
  pending: boolean;
  added: boolean;
  chooseDraw: (drawId: number) => void;
  chooseProduct: (productType: ProductType) => void;
  chooseFraction: (fraction: Fraction) => void;
  chooseXl: (withXl: boolean) => void;
  typeQuantity: (text: string) => void;
  chooseMultiplier: (multiplier: number) => void;
  typeEndDigits: (index: number, value: string) => void;
  /** Marks an input as left, so its own check shows from now on. */
  touch: (name: string) => void;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
};

type Errors = Readonly<Record<string, string>>;

/**
 * The configurator's state and its add-to-basket call (spec sections 3, 5 and 9): the form checks the
 * input, the server verifies and prices the ticket, then the basket store adds it. Undefined when no draw
 * is on offer. `idPrefix` names the inputs' error messages.
 */
export function useConfigurator(
  { pageId, details, lockedDrawId, addToBasket, answered }: ConfiguratorInput,
  idPrefix: string,
): Configurator | undefined {
  const { shop } = useApiClients();
  const now = useClientNow();
  // Spec section 5: a verify call cancels the one still in flight; leaving the page cancels it too.
  const [latest] = useState(createLatestOnly);
  useEffect(() => () => latest.cancel(), [latest]);

  const choice = answered?.choice;
  const [drawId, setDrawId] = useState<number | undefined>(lockedDrawId ?? choice?.drawId);
  const [productType, setProductType] = useState<ProductType>(choice?.productType ?? "SingleTicket");
  const [fractionChoice, setFractionChoice] = useState<Fraction>(choice?.fraction ?? "WHOLE");
  const [withXl, setWithXl] = useState(choice?.withXl ?? false);
  const [quantityText, setQuantityText] = useState(choice?.quantityText ?? "1");
  const [quantity, setQuantity] = useState(
    () => (choice && parseQuantity(choice.quantityText, details.maxQuantity)) ?? 1,
  );
  const [multiplier, setMultiplier] = useState(choice?.multiplier ?? details.multipliers[0] ?? 1);
  // Kept per digit count, so switching between a street and a single ticket loses no input.
  const [digits, setDigits] = useState<Record<DigitCount, string[]>>(() => {
    const kept: Record<DigitCount, string[]> = { 1: [], 2: [] };
    if (choice) kept[END_DIGIT_COUNT[choice.productType]] = choice.digits;
    return kept;
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(answered !== undefined);
  const [serverErrors, setServerErrors] = useState<Errors>(answered?.errors ?? {});
  const [formError, setFormError] = useState<string | undefined>(answered?.formError);
  const [pending, setPending] = useState(false);
  const [added, setAdded] = useState(false);

  const offered = openDraws(details.draws, now).filter(
    (draw) => lockedDrawId === undefined || draw.drawId === lockedDrawId,
  );
  const draw = drawInForce(offered, drawId);
  if (!draw) return undefined;

  const fraction = fractionInForce(draw, fractionChoice);
  const digitCount = END_DIGIT_COUNT[productType];
  const digitValues = digits[digitCount];
  const line = findPriceLine(draw, productType, fraction);
  const summary = line ? priceSummary(line, { withXl, quantity, multiplier }) : undefined;
  const maxQuantity = details.maxQuantity;

  const clientErrors: Record<string, string> = {};
  if (parseQuantity(quantityText, maxQuantity) === undefined)
    clientErrors.quantity = text.quantityError(maxQuantity);
  for (let index = 0; index < quantity; index++) {
    if (!toEndDigitsPair(digitValues[index] ?? "", digitCount))
      clientErrors[endDigitsInputName(index)] =
        digitCount === 1 ? text.endDigitStreetError : text.endDigitsError;
  }
  const errorOf = (name: string): string | undefined =>
    ((submitted || touched.has(name)) && clientErrors[name]) || serverErrors[name];
  const errors: FieldErrors = {
    of: errorOf,
    idOf: (name) => (errorOf(name) ? `${idPrefix}-${name}-error` : undefined),
  };

  /** Any change makes the server's verdict and the last confirmation stale. */
  const changed = () => {
    setServerErrors({});
    setFormError(undefined);
    setAdded(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checkedQuantity = parseQuantity(quantityText, maxQuantity);
    const endDigits =
      checkedQuantity === undefined ? undefined : endDigitsPayload(digitValues, checkedQuantity, digitCount);
    if (checkedQuantity === undefined || endDigits === undefined || !line) {
      flushSync(() => {
        setSubmitted(true);
        changed();
      });
      focusFirstError(form, Object.keys(clientErrors));
      return;
    }
    setPending(true);
    changed();
    try {
      const { ticket } = await latest((signal) =>
        shop.call(verifyConfiguredTicket, {
          params: { pageId },
          body: {
            drawId: draw.drawId,
            productType,
            fraction,
            withXl,
            quantity: checkedQuantity,
            multiplier,
            endDigits,
            isUpsell: false,
          },
          signal,
        }),
      );
      // "overLimit": the basket store shows the error flash itself and changes nothing.
      setAdded(addToBasket(ticket) === "added");
      setPending(false);
    } catch (error) {
      if (error instanceof ApiError && error.aborted) return;
      const { byInput, unmatched } = fieldErrorsByInput(error instanceof ApiError ? error.fieldErrors : {});
      // A locked draw has no input to show its error at (e.g. sales closed meanwhile): the alert says it.
      const lockedDrawError = lockedDrawId === undefined ? undefined : byInput.drawId;
      const matched = Object.keys(byInput).filter(
        (name) => lockedDrawError === undefined || name !== "drawId",
      );
      flushSync(() => {
        setPending(false);
        setServerErrors(byInput);
        // A field error says it all; anything else (or nothing) gets the call's Dutch message.
        if (lockedDrawError) setFormError(lockedDrawError);
        else if (matched.length === 0 || unmatched.length > 0)
          setFormError(error instanceof ApiError ? error.message : general.generic);
      });
      focusFirstError(form, matched);
    }
  };

  return {
    offered,
    draw,
    productType,
    fraction,
    withXl,
    quantityText,
    quantity,
    multiplier,
    digitCount,
    digitValues,
    summary,
    errors,
    formError,
    pending,
    added,
    chooseDraw: (id) => {
      setDrawId(id);
      changed();
    },
    chooseProduct: (choice) => {
      setProductType(choice);
      changed();
    },
    chooseFraction: (choice) => {
      setFractionChoice(choice);
      changed();
    },
    chooseXl: (choice) => {
      setWithXl(choice);
      changed();
    },
    typeQuantity: (value) => {
      setQuantityText(value);
      const parsed = parseQuantity(value, maxQuantity);
      if (parsed !== undefined) setQuantity(parsed);
      changed();
    },
    chooseMultiplier: (choice) => {
      setMultiplier(choice);
      changed();
    },
    typeEndDigits: (index, value) => {
      setDigits((before) => {
        const next = [...before[digitCount]];
        next[index] = value;
        return { ...before, [digitCount]: next };
      });
      changed();
    },
    touch: (name) => setTouched((before) => new Set(before).add(name)),
    submit,
  };
}
