/** Where an input of a form (the ticket and subscription configurators) finds its error message, and the id that links the two. */
export type FieldErrors = {
  /** The message an input shows now: the form's own check once touched or submitted, else the server's. */
  of: (name: string) => string | undefined;
  /** The id of the input's message, only while it has one (for `aria-describedby`). */
  idOf: (name: string) => string | undefined;
};

/** The Dutch error message of one input, when it has one. */
export function FieldError({ errors, name }: { errors: FieldErrors; name: string }) {
  const message = errors.of(name);
  return message ? (
    <p id={errors.idOf(name)} className="form-field__error">
      {message}
    </p>
  ) : null;
}

/** `aria-describedby` from the ids that are there, or none. */
export function describedBy(...ids: Array<string | undefined>): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

/**
 * A refusal's field errors (`fieldErrors` of the problem details) by the input that shows each, and the
 * messages no input can show (those go to the form's alert). `inputOf` names the input of an error's key,
 * or undefined; an input shows its first message only.
 */
export function serverErrorsByInput(
  fieldErrors: Readonly<Record<string, readonly string[]>>,
  inputOf: (key: string) => string | undefined,
): { byInput: Record<string, string>; unmatched: string[] } {
  const byInput: Record<string, string> = {};
  const unmatched: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const [message] = messages;
    if (message === undefined) continue;
    const input = inputOf(key);
    if (input === undefined) unmatched.push(message);
    else byInput[input] ??= message;
  }
  return { byInput, unmatched };
}
