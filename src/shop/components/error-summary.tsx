import { type MouseEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { formErrors } from "@/src/lib/messages/form-errors";
import { useHydrated } from "./use-hydrated";

/** One error of a refused form: its message and, when an input shows it, that input's id. */
export type SummaryError = { message: string; fieldId?: string };

/**
 * The errors of a refusal as the summary lists them: every input's message (linked to the input, in the
 * order of `fieldIds`, the form's order), then the messages no input shows.
 */
export function summaryErrors(
  byInput: Readonly<Record<string, string>>,
  unmatched: readonly string[],
  fieldIdOf: (input: string) => string = (input) => input,
  order: readonly string[] = Object.keys(byInput),
): SummaryError[] {
  const inputs = [...order.filter((input) => input in byInput), ...Object.keys(byInput)];
  const linked = [...new Set(inputs)].map((input) => ({
    message: byInput[input] ?? "",
    fieldId: fieldIdOf(input),
  }));
  return [...linked, ...unmatched.map((message) => ({ message }))];
}

/** Focuses the input a summary link names (its label scrolled into view too); false when it is not there. */
function focusField(fieldId: string): boolean {
  const field = document.getElementById(fieldId);
  if (!field) return false;
  field.focus({ preventScroll: true });
  const box = field.closest(".form-field") ?? field;
  if (typeof box.scrollIntoView === "function") box.scrollIntoView({ block: "start" });
  return true;
}

/**
 * The box at the top of a refused form (issue 43): a title, the form's own message, and every error as a
 * link to its input. It takes the focus when a refusal arrives, so a screen reader reads all of it: with
 * JavaScript when `answer` (each refusal a new value) changes, without it (and before hydration) through the
 * `autofocus` of the server's HTML. Hydration itself never moves the focus: the player may have moved on.
 * A link focuses its input; without JavaScript it jumps to it (`#id`).
 */
export function ErrorSummary({
  answer,
  message,
  errors,
  children,
}: {
  /** The refusal this shows; a new value after each submit moves the focus here again. */
  answer: unknown;
  /** The form's own message (not an input's), shown above the list. */
  message?: string;
  errors: readonly SummaryError[];
  /** What the player can do about the message (a link), below it. */
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();
  // A summary in the server's HTML had the focus from `autofocus`; its hydration leaves the focus be.
  const fromServer = useRef(!hydrated);
  const shown = Boolean(message) || errors.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new refusal (`answer`) takes the focus again
  useEffect(() => {
    if (fromServer.current) {
      fromServer.current = false;
      return;
    }
    if (shown) ref.current?.focus();
  }, [answer, shown]);
  if (!shown) return null;
  const onLink = (fieldId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (focusField(fieldId)) event.preventDefault();
  };
  return (
    <div
      ref={ref}
      className="error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby={titleId}
      // biome-ignore lint/a11y/noAutofocus: the refused form's summary is where the player has to start
      autoFocus
    >
      <h2 id={titleId} className="error-summary__title">
        {formErrors.summaryTitle}
      </h2>
      {message ? <p>{message}</p> : null}
      {children}
      {errors.length > 0 ? (
        <>
          <p>{formErrors.checkFields}</p>
          <ul className="error-summary__list">
            {errors.map((error) => (
              <li key={`${error.fieldId ?? ""}${error.message}`}>
                {error.fieldId ? (
                  <a href={`#${error.fieldId}`} onClick={onLink(error.fieldId)}>
                    {error.message}
                  </a>
                ) : (
                  error.message
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
