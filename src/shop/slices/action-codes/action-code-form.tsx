import type { ReactNode } from "react";
import { actionPage as text } from "@/src/lib/messages";
import { ErrorSummary } from "@/src/shop/components/error-summary";

/** The route that activates a code: the block's form posts there, with the campaign's page id. */
export function actionOfferPath(pageId: string): string {
  return `/actie/aanbod?${new URLSearchParams({ pagina: pageId })}`;
}

/**
 * Entering an action code (issue 18): a plain form that posts to `/actie/aanbod`, so it works without
 * JavaScript. `children` is the reCAPTCHA, once an answer asked for it.
 */
export function ActionCodeForm({
  pageId,
  label,
  code,
  error,
  children,
}: {
  pageId: string;
  label: string;
  code?: string;
  error?: string;
  children?: ReactNode;
}) {
  const id = `action-code-${pageId}`;
  return (
    <form
      method="post"
      action={actionOfferPath(pageId)}
      className="portal-form"
      aria-label={label}
      noValidate
    >
      <input type="hidden" name="intent" value="activate" />
      <ErrorSummary answer={error} errors={error ? [{ message: error, fieldId: id }] : []} />
      <div className="form-field">
        <label htmlFor={id}>{text.codeLabel}</label>
        <p className="form-field__hint" id={`${id}-hint`}>
          {text.codeHint}
        </p>
        <input
          id={id}
          name="actionCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          defaultValue={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        {error ? (
          <p className="form-field__error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
      {children}
      <div className="portal-form__actions">
        <button type="submit" className="button">
          {text.activate}
        </button>
      </div>
    </form>
  );
}
