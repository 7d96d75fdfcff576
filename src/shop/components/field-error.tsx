/** Where an input of a form (the ticket and subscription configurators) finds its error message, and the id that links the two. */
export type FieldErrors = {
  /** The message an input shows now: the form's own check once touched or submitted, else the server's. */
  of: (name: string) => string | undefined;
  /** The id of the input's message, only while it has one (for `aria-describedby`). */
  idOf: (name: string) => string | undefined;
};

/**
 * The Dutch error message of one input, when it has one. `reserved` keeps its line while there is none, so
 * the message never moves the controls below it (issue 43: errors never move what is about to be clicked).
 */
export function FieldError({
  errors,
  name,
  reserved = false,
}: {
  errors: FieldErrors;
  name: string;
  reserved?: boolean;
}) {
  const message = errors.of(name);
  if (!message) return reserved ? <p className="form-field__error form-field__error--reserved" /> : null;
  return (
    <p
      id={errors.idOf(name)}
      className={`form-field__error${reserved ? " form-field__error--reserved" : ""}`}
    >
      {message}
    </p>
  );
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
