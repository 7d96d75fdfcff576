import { type FormEvent, type RefObject, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import type { FieldErrors } from "@/src/shop/components/field-error";
import { focusFirstError } from "@/src/shop/components/focus-first-error";

/**
 * The errors of one of the edit page's forms (an item's change, the items to add), in the order an input
 * shows them: the form's own check once touched, then the shop's refusal of the verify call, then the
 * action's refusal of the post (until the player changes that input). A refusal of the action moves focus
 * to its first field; a submit with the form's own errors is stopped and focuses the first of them.
 */
export function useEditFormErrors({
  idPrefix,
  formRef,
  answerErrors,
  clientErrors,
  serverErrors,
  touched,
  setTouched,
}: {
  idPrefix: string;
  formRef: RefObject<HTMLFormElement | null>;
  /** The action's refusal by input, when the action answered this form. */
  answerErrors: Record<string, string> | undefined;
  clientErrors: Record<string, string>;
  serverErrors: Record<string, string>;
  touched: boolean;
  setTouched: (touched: boolean) => void;
}) {
  const [actionErrors, setActionErrors] = useState<Record<string, string>>(answerErrors ?? {});

  useEffect(() => {
    if (formRef.current && answerErrors && Object.keys(answerErrors).length > 0)
      focusFirstError(formRef.current, Object.keys(answerErrors));
  }, [formRef, answerErrors]);

  const errorOf = (name: string) =>
    (touched ? clientErrors[name] : undefined) ?? serverErrors[name] ?? actionErrors[name];
  const errors: FieldErrors = {
    of: errorOf,
    idOf: (name) => (errorOf(name) ? `${idPrefix}-${name.replace(/\./g, "-")}-error` : undefined),
  };

  /** The player changed this input: the action's refusal of it no longer applies. */
  const changed = (name: string) => {
    setTouched(true);
    setActionErrors(({ [name]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const names = Object.keys(clientErrors);
    if (names.length === 0) return;
    event.preventDefault();
    const element = event.currentTarget;
    flushSync(() => setTouched(true));
    focusFirstError(element, names);
  };

  return { errors, changed, submit };
}
