import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { flushSync } from "react-dom";
import {
  type SubscriptionChoice,
  type SubscriptionPriceDetails,
  type SubscriptionQuote,
  verifySubscription,
} from "@/src/contract/subscriptions";
import { general } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { endpointQueryOptions } from "@/src/shop/client/query-client";
import { useApiClients } from "@/src/shop/components/api-context";
import type { FieldErrors } from "@/src/shop/components/field-error";
import { focusFirstError } from "@/src/shop/components/focus-first-error";
import { useHydrated } from "@/src/shop/components/use-hydrated";
import { type ChoiceForm, checkChoice, type Errors, errorsByInput, FIELD } from "./choice-form";

export type ConfiguratorInput = {
  /** The page id the shop API prices and takes out subscriptions for (spec section 7). */
  pageId: string;
  details: SubscriptionPriceDetails;
  /** The choice the form starts with: the defaults, or what a link or an earlier step carried. */
  initial: ChoiceForm;
  /** Messages the server already found for the initial choice (the sign-up step's check). */
  initialErrors?: Errors;
};

export type SubscriptionConfigurator = {
  form: ChoiceForm;
  /** The last valid quantity: the end-digit rows follow it while the input is being edited. */
  quantity: number;
  errors: FieldErrors;
  /** What no input can show (a failed call, a message about the page). */
  formError: string | undefined;
  /** The shop's price of the choice as it stands; undefined until it answered, or while the choice is invalid. */
  quote: SubscriptionQuote | undefined;
  /** A verify call is in flight. */
  pricing: boolean;
  /** True while the choice passes the form's own check and the shop has not refused it. */
  valid: boolean;
  change: (name: string, update: (form: ChoiceForm) => ChoiceForm) => void;
  touch: (name: string) => void;
  submit: (event: FormEvent<HTMLFormElement>) => void;
};

function lastValidQuantity(text: string, max: number, before: number): number {
  if (!/^\d{1,2}$/.test(text)) return before;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= max ? quantity : before;
}

/**
 * The choice as it is checked and sent: the end digits of a single ticket stay while another product is
 * chosen (switching back keeps them), but only a single ticket's are shown and sent. Without a promotion on
 * the page there is no input for one, so a promotion id an old link carried is not sent either (the sign-up
 * step said it is gone).
 */
function checkedChoice(form: ChoiceForm, details: SubscriptionPriceDetails) {
  return checkChoice(
    {
      ...form,
      endDigits: form.productType === "SingleTicket" ? form.endDigits : [],
      promotionId: details.promotion ? form.promotionId : undefined,
    },
    details,
  );
}

type Verdict = { serverErrors: Errors; formError: string | undefined; refused: boolean };

/** What a refused verify call says: messages by input, and what no input can show. */
function refusalOf(error: unknown): Verdict {
  const { byInput, unmatched } = errorsByInput(error instanceof ApiError ? error.fieldErrors : {});
  // A field error says it all; anything else (or nothing) gets the call's Dutch message.
  const formError =
    Object.keys(byInput).length === 0 || unmatched.length > 0
      ? unmatched[0] || (error instanceof ApiError ? error.message : general.generic)
      : undefined;
  return { serverErrors: byInput, formError, refused: true };
}

const ACCEPTED: Verdict = { serverErrors: {}, formError: undefined, refused: false };

/**
 * The shop's live price of the choice (undefined while the choice is invalid): keyed by the choice, so a
 * new choice aborts the call in flight, and the last price shows until the new one is there. The verdict
 * of the last answer (or the sign-up step's `initialErrors`) stays until the next answer; a field the
 * player changes loses its message at once (`dismiss`). Calls start after hydration: the server's HTML
 * shows no pricing.
 */
function useLiveQuote(choice: SubscriptionChoice | undefined, pageId: string, initialErrors: Errors) {
  const { shop } = useApiClients();
  const hydrated = useHydrated();
  const query = useQuery({
    ...endpointQueryOptions(shop, verifySubscription, { params: { pageId }, body: choice }),
    enabled: hydrated && choice !== undefined,
    placeholderData: keepPreviousData,
    throwOnError: false,
  });

  const [verdict, setVerdict] = useState({ answeredAt: 0, ...ACCEPTED, serverErrors: initialErrors });
  const answered = choice !== undefined && !query.isPlaceholderData && !query.isPending;
  const answeredAt = Math.max(query.dataUpdatedAt, query.errorUpdatedAt);
  // A new answer replaces the verdict while rendering (React's "adjusting state when a prop changes").
  if (answered && answeredAt !== verdict.answeredAt) {
    setVerdict({ answeredAt, ...(query.isError ? refusalOf(query.error) : ACCEPTED) });
  }

  const current = choice !== undefined && !query.isError;
  // After a refusal, the price of an earlier choice is not shown while the next one is asked.
  const quote = current && !(query.isPlaceholderData && verdict.refused) ? query.data : undefined;
  return {
    quote,
    pricing: choice !== undefined && query.isFetching,
    serverErrors: verdict.serverErrors,
    formError: verdict.formError,
    dismiss: (name: string) =>
      setVerdict(({ serverErrors: { [name]: _, ...rest }, ...before }) => ({
        ...before,
        serverErrors: rest,
      })),
  };
}

/**
 * The subscription form's state (spec sections 3, 5 and 7): the player's choice, the form's own check with
 * the API's schema, and the live price. Every valid change asks the shop API to verify the choice; a new
 * call aborts the one still in flight, so an old answer never shows. Submitting sends the choice with GET to
 * the sign-up step (the browser's own navigation, which also works without JavaScript).
 */
export function useSubscriptionConfigurator(
  { pageId, details, initial, initialErrors }: ConfiguratorInput,
  idPrefix: string,
): SubscriptionConfigurator {
  const [form, setForm] = useState(initial);
  const [quantity, setQuantity] = useState(() =>
    lastValidQuantity(initial.quantityText, details.maxQuantity, 1),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const checked = checkedChoice(form, details);
  const clientErrors: Errors = checked.ok ? {} : checked.errors;
  const { quote, pricing, serverErrors, formError, dismiss } = useLiveQuote(
    checked.ok ? checked.choice : undefined,
    pageId,
    initialErrors ?? {},
  );

  const errorOf = (name: string): string | undefined =>
    ((submitted || touched.has(name)) && clientErrors[name]) || serverErrors[name];
  const errors: FieldErrors = {
    of: errorOf,
    idOf: (name) => (errorOf(name) ? `${idPrefix}-${name.replace(/\./g, "-")}-error` : undefined),
  };

  const change = (name: string, update: (before: ChoiceForm) => ChoiceForm) => {
    const next = update(form);
    setForm(next);
    if (name === FIELD.quantity)
      setQuantity((before) => lastValidQuantity(next.quantityText, details.maxQuantity, before));
    else setTouched((before) => new Set(before).add(name));
    dismiss(name);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const names = [...Object.keys(clientErrors), ...Object.keys(serverErrors)];
    if (names.length === 0) return;
    event.preventDefault();
    const formElement = event.currentTarget;
    flushSync(() => setSubmitted(true));
    focusFirstError(formElement, names);
  };

  return {
    form,
    quantity,
    errors,
    formError,
    quote,
    pricing,
    valid: checked.ok && Object.keys(serverErrors).length === 0,
    change,
    touch: (name) => setTouched((before) => new Set(before).add(name)),
    submit,
  };
}
