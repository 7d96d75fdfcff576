import { useEffect, useId, useRef } from "react";
import { boulevardGame as text } from "@/src/lib/messages";
import {
  BOULEVARD_GAME_PATH,
  BOULEVARD_QUERY,
  type BoulevardFieldErrors,
  type BoulevardQuery,
  DEFAULT_SHARES,
} from "./boulevard-game-model";

/**
 * The boulevard game's form: a plain GET to the result page, so it works the same before, after and
 * without hydration, and the answer's address holds the query (decision 12). The CMS block renders it to
 * HTML once (no code in the browser); the result page fills it with the query and its messages, and once
 * hydrated moves the focus to the first field it refused.
 */
export function BoulevardGameForm({
  query,
  errors = {},
  label,
}: {
  query?: BoulevardQuery;
  errors?: BoulevardFieldErrors;
  /** The form's name for assistive technology (the heading it stands under). */
  label: string;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const refused = Boolean(errors.boulevardId || errors.shares);
  useEffect(() => {
    if (refused) form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);
  return (
    <form
      ref={form}
      method="get"
      action={BOULEVARD_GAME_PATH}
      className="portal-form boulevard-game__form"
      aria-label={label}
    >
      <TextField
        id={`${id}-boulevard`}
        name={BOULEVARD_QUERY.boulevardId}
        label={text.idLabel}
        hint={text.idHint}
        value={query?.boulevardId ?? ""}
        error={errors.boulevardId}
        maxLength={20}
        className="boulevard-game__id"
      />
      <TextField
        id={`${id}-shares`}
        name={BOULEVARD_QUERY.shares}
        label={text.sharesLabel}
        hint={text.sharesHint}
        value={query?.shares ?? DEFAULT_SHARES}
        error={errors.shares}
        maxLength={10}
        inputMode="numeric"
        className="boulevard-game__shares"
      />
      <button type="submit" className="button">
        {text.submit}
      </button>
    </form>
  );
}

/** A text field with its hint, and its message under it when the query was refused. */
function TextField({
  id,
  name,
  label,
  hint,
  value,
  error,
  maxLength,
  inputMode,
  className,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  maxLength: number;
  inputMode?: "numeric";
  className: string;
}) {
  return (
    <div className={`form-field ${className}`}>
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="form-field__hint">
        {hint}
      </p>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        autoCapitalize={inputMode ? undefined : "characters"}
        spellCheck={false}
        maxLength={maxLength}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
      />
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
