import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { flushSync } from "react-dom";
import type { EndpointInput } from "@/src/contract/define";
import { type PriceDetails, type SaleDraw, verifyConfiguredTicket } from "@/src/contract/tickets";
import { END_DIGIT_COUNT, type Fraction, type ProductType } from "@/src/domain/tickets/catalogue";
import { general, ticketConfigurator as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
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
  type PriceLine,
  type PriceSummary,
  parseQuantity,
  priceSummary,
  toEndDigitsPair,
} from "./configurator-model";
import {
  type ChoiceState,
  choiceActions,
  useChoiceState,
  useVerdictState,
  type VerdictState,
} from "./configurator-state";

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
  submit: (event: FormEvent<HTMLFormElement>) => void;
};

type Errors = Readonly<Record<string, string>>;

/** The messages the form's own checks give, by input name. */
function clientErrorsOf(
  {
    quantityText,
    quantity,
    digitValues,
  }: { quantityText: string; quantity: number; digitValues: readonly string[] },
  digitCount: DigitCount,
  maxQuantity: number,
): Record<string, string> {
  const clientErrors: Record<string, string> = {};
  if (parseQuantity(quantityText, maxQuantity) === undefined)
    clientErrors.quantity = text.quantityError(maxQuantity);
  for (let index = 0; index < quantity; index++) {
    if (!toEndDigitsPair(digitValues[index] ?? "", digitCount))
      clientErrors[endDigitsInputName(index)] =
        digitCount === 1 ? text.endDigitStreetError : text.endDigitsError;
  }
  return clientErrors;
}

/** An input's own check shows once it was left or the form submitted; the server's verdict always. */
function fieldErrors(clientErrors: Errors, verdict: VerdictState, idPrefix: string): FieldErrors {
  const errorOf = (name: string): string | undefined =>
    ((verdict.submitted || verdict.touched.has(name)) && clientErrors[name]) || verdict.serverErrors[name];
  return {
    of: errorOf,
    idOf: (name) => (errorOf(name) ? `${idPrefix}-${name}-error` : undefined),
  };
}

/** How a refused verify call shows: messages at their inputs, and the alert when no input can say it. */
function refusalOf(error: unknown, lockedDrawId: number | undefined) {
  const { byInput, unmatched } = fieldErrorsByInput(error instanceof ApiError ? error.fieldErrors : {});
  // A locked draw has no input to show its error at (e.g. sales closed meanwhile): the alert says it.
  const lockedDrawError = lockedDrawId === undefined ? undefined : byInput.drawId;
  const matched = Object.keys(byInput).filter((name) => lockedDrawError === undefined || name !== "drawId");
  // A field error says it all; anything else (or nothing) gets the call's Dutch message.
  let formError: string | undefined;
  if (lockedDrawError) formError = lockedDrawError;
  else if (matched.length === 0 || unmatched.length > 0)
    formError = error instanceof ApiError ? error.message : general.generic;
  return { byInput, matched, formError };
}

type VerifyBody = EndpointInput<typeof verifyConfiguredTicket>["body"];

/**
 * Adding to the basket: the server verifies and prices the ticket (spec section 5), then the basket
 * store adds the server's ticket. The button waits while it runs; leaving the page drops the answer.
 */
function useAddToBasket(pageId: string) {
  const { shop } = useApiClients();
  return useMutation({
    mutationFn: (body: VerifyBody) => shop.call(verifyConfiguredTicket, { params: { pageId }, body }),
  });
}

type SubmitContext = {
  input: ConfiguratorInput;
  add: ReturnType<typeof useAddToBasket>;
  picked: ChoiceState;
  verdict: VerdictState;
  draw: SaleDraw;
  fraction: Fraction;
  digitCount: DigitCount;
  digitValues: readonly string[];
  line: PriceLine | undefined;
  clientErrors: Errors;
};

/** The submit handler: checks the input, has the server verify and price the ticket, then adds it. */
function submitHandler(context: SubmitContext) {
  const { input, add, picked, verdict, draw, fraction, digitCount, digitValues, line } = context;
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // One ticket at a time: a second press while the first is on its way adds nothing.
    if (add.isPending) return;
    const form = event.currentTarget;
    const checkedQuantity = parseQuantity(picked.quantityText, input.details.maxQuantity);
    const endDigits =
      checkedQuantity === undefined ? undefined : endDigitsPayload(digitValues, checkedQuantity, digitCount);
    if (checkedQuantity === undefined || endDigits === undefined || !line) {
      flushSync(() => {
        verdict.setSubmitted(true);
        verdict.changed();
      });
      focusFirstError(form, Object.keys(context.clientErrors));
      return;
    }
    verdict.changed();
    const { productType, withXl, multiplier } = picked;
    const body = {
      drawId: draw.drawId,
      productType,
      fraction,
      withXl,
      quantity: checkedQuantity,
      multiplier,
      endDigits,
      isUpsell: false,
    };
    add.mutate(body, {
      // "overLimit": the basket store shows the error flash itself and changes nothing.
      onSuccess: ({ ticket }) => verdict.setAdded(input.addToBasket(ticket) === "added"),
      onError: (error) => {
        const refusal = refusalOf(error, input.lockedDrawId);
        flushSync(() => {
          verdict.setServerErrors(refusal.byInput);
          if (refusal.formError) verdict.setFormError(refusal.formError);
        });
        focusFirstError(form, refusal.matched);
      },
    });
  };
}

/**
 * The configurator's state and its add-to-basket call (spec sections 3, 5 and 9): the form checks the
 * input, the server verifies and prices the ticket, then the basket store adds it. Undefined when no draw
 * is on offer. `idPrefix` names the inputs' error messages.
 */
export function useConfigurator(input: ConfiguratorInput, idPrefix: string): Configurator | undefined {
  const { details, lockedDrawId, answered } = input;
  const now = useClientNow();
  const add = useAddToBasket(input.pageId);
  const picked = useChoiceState(answered?.choice, details, lockedDrawId);
  const verdict = useVerdictState(answered);

  const offered = openDraws(details.draws, now).filter(
    (draw) => lockedDrawId === undefined || draw.drawId === lockedDrawId,
  );
  const draw = drawInForce(offered, picked.drawId);
  if (!draw) return undefined;

  const { productType, withXl, quantityText, quantity, multiplier } = picked;
  const fraction = fractionInForce(draw, picked.fractionChoice);
  const digitCount = END_DIGIT_COUNT[productType];
  const digitValues = picked.digits[digitCount];
  const line = findPriceLine(draw, productType, fraction);
  const summary = line ? priceSummary(line, { withXl, quantity, multiplier }) : undefined;
  const clientErrors = clientErrorsOf(
    { quantityText, quantity, digitValues },
    digitCount,
    details.maxQuantity,
  );
  const errors = fieldErrors(clientErrors, verdict, idPrefix);
  const submit = submitHandler({
    input,
    add,
    picked,
    verdict,
    draw,
    fraction,
    digitCount,
    digitValues,
    line,
    clientErrors,
  });

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
    formError: verdict.formError,
    pending: add.isPending,
    added: verdict.added,
    ...choiceActions(picked, verdict, digitCount, details.maxQuantity),
    submit,
  };
}
