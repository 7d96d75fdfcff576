import { useState } from "react";
import type { PriceDetails } from "@/src/contract/tickets";
import { END_DIGIT_COUNT, type Fraction, type ProductType } from "@/src/domain/tickets/catalogue";
import type { ConfiguratorChoice } from "./configurator-form";
import { type DigitCount, parseQuantity } from "./configurator-model";

/** What the player chose (or typed), kept as state: the draw, the product and the ticket's parts. */
export function useChoiceState(
  choice: ConfiguratorChoice | undefined,
  details: PriceDetails,
  lockedDrawId?: number,
) {
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
  return {
    drawId,
    setDrawId,
    productType,
    setProductType,
    fractionChoice,
    setFractionChoice,
    withXl,
    setWithXl,
    quantityText,
    setQuantityText,
    quantity,
    setQuantity,
    multiplier,
    setMultiplier,
    digits,
    setDigits,
  };
}

export type ChoiceState = ReturnType<typeof useChoiceState>;

/** What the form says about the choice: which inputs were left, the server's verdict, the call in flight. */
export function useVerdictState(
  answered: { errors: Readonly<Record<string, string>>; formError?: string } | undefined,
) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(answered !== undefined);
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>(answered?.errors ?? {});
  const [formError, setFormError] = useState<string | undefined>(answered?.formError);
  const [added, setAdded] = useState(false);
  /** Any change makes the server's verdict and the last confirmation stale. */
  const changed = () => {
    setServerErrors({});
    setFormError(undefined);
    setAdded(false);
  };
  return {
    touched,
    setTouched,
    submitted,
    setSubmitted,
    serverErrors,
    setServerErrors,
    formError,
    setFormError,
    added,
    setAdded,
    changed,
  };
}

export type VerdictState = ReturnType<typeof useVerdictState>;

/** The ways to change the choice; each one makes the last verdict stale. */
export function choiceActions(
  picked: ChoiceState,
  verdict: VerdictState,
  digitCount: DigitCount,
  maxQuantity: number,
) {
  const { changed } = verdict;
  return {
    chooseDraw: (id: number) => {
      picked.setDrawId(id);
      changed();
    },
    chooseProduct: (choice: ProductType) => {
      picked.setProductType(choice);
      changed();
    },
    chooseFraction: (choice: Fraction) => {
      picked.setFractionChoice(choice);
      changed();
    },
    chooseXl: (choice: boolean) => {
      picked.setWithXl(choice);
      changed();
    },
    typeQuantity: (value: string) => {
      picked.setQuantityText(value);
      const parsed = parseQuantity(value, maxQuantity);
      if (parsed !== undefined) picked.setQuantity(parsed);
      changed();
    },
    chooseMultiplier: (choice: number) => {
      picked.setMultiplier(choice);
      changed();
    },
    typeEndDigits: (index: number, value: string) => {
      picked.setDigits((before) => {
        const next = [...before[digitCount]];
        next[index] = value;
        return { ...before, [digitCount]: next };
      });
      changed();
    },
    touch: (name: string) => verdict.setTouched((before) => new Set(before).add(name)),
  };
}
