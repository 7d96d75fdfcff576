import type { ReactNode } from "react";
import { promotionPage as text } from "@/src/lib/messages";
import { ErrorSummary, summaryErrors } from "@/src/shop/components/error-summary";
import { FieldError, type FieldErrors } from "@/src/shop/components/field-error";

/** The form's fields; `/actie/aanmelden`'s action reads them by these names. */
export const SIGN_UP_FIELDS = {
  pageId: "pageId",
  firstName: "firstName",
  email: "email",
  optIn: "optIn",
  /** `optInText:{id}`: the words of the opt-in as the page showed them. */
  optInText: "optInText:",
} as const;

export type SignUpValues = { firstName?: string; email?: string; optIns?: readonly string[] };

/**
 * A promotion's sign-up (issue 18): first name, e-mail address and the page's opt-ins, each unticked with
 * its fixed text (sent along, so the server records exactly the words shown), and the link to what a lead
 * agrees to. A plain form that posts to `/actie/aanmelden`: it works without JavaScript. `children` is
 * the reCAPTCHA, once an answer asked for it.
 */
export function SignUpForm({
  pageId,
  optIns,
  leadOptInUrl,
  label,
  submitLabel,
  values = {},
  errors,
  formError,
  children,
}: {
  pageId: string;
  optIns: readonly { id: string; text: string }[];
  leadOptInUrl: string;
  label: string;
  /** The offer the visitor continues to, on the button. */
  submitLabel: string;
  values?: SignUpValues;
  errors?: Readonly<Record<string, string>>;
  formError?: string;
  children?: ReactNode;
}) {
  const fieldErrors: FieldErrors = {
    of: (name) => errors?.[name],
    idOf: (name) => (errors?.[name] ? `promotion-${pageId}-${name}-error` : undefined),
  };
  const id = (name: string) => `promotion-${pageId}-${name}`;
  return (
    <form method="post" action="/actie/aanmelden" className="portal-form" aria-label={label} noValidate>
      <input type="hidden" name={SIGN_UP_FIELDS.pageId} value={pageId} />
      <SignUpSummary errors={errors} formError={formError} firstOptIn={optIns[0]?.id} id={id} />
      <div className="form-field">
        <label htmlFor={id("firstName")}>{text.firstNameLabel}</label>
        <input
          id={id("firstName")}
          name={SIGN_UP_FIELDS.firstName}
          autoComplete="given-name"
          maxLength={60}
          defaultValue={values.firstName}
          aria-invalid={errors?.firstName ? true : undefined}
          aria-describedby={fieldErrors.idOf("firstName")}
        />
        <FieldError errors={fieldErrors} name="firstName" />
      </div>
      <div className="form-field">
        <label htmlFor={id("email")}>{text.emailLabel}</label>
        <input
          id={id("email")}
          name={SIGN_UP_FIELDS.email}
          type="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={values.email}
          aria-invalid={errors?.email ? true : undefined}
          aria-describedby={fieldErrors.idOf("email")}
        />
        <FieldError errors={fieldErrors} name="email" />
      </div>
      {optIns.length > 0 ? (
        <OptInsField optIns={optIns} checked={values.optIns} errors={fieldErrors} id={id} />
      ) : null}
      <p>
        <a href={leadOptInUrl}>{text.leadOptInLink}</a>
      </p>
      {children}
      <div className="portal-form__actions">
        <button type="submit" className="button">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** The page's opt-ins, each unticked with its fixed text, which is sent along. */
function OptInsField({
  optIns,
  checked,
  errors,
  id,
}: {
  optIns: readonly { id: string; text: string }[];
  checked: readonly string[] | undefined;
  errors: FieldErrors;
  id: (name: string) => string;
}) {
  return (
    <fieldset className="form-field" aria-describedby={errors.idOf("optIns")}>
      <legend>{text.optInsLegend}</legend>
      <p className="form-field__hint">{text.optInsHint}</p>
      {optIns.map((optIn) => (
        <div key={optIn.id} className="form-field__choice">
          <input
            type="checkbox"
            id={id(`opt-in-${optIn.id}`)}
            name={SIGN_UP_FIELDS.optIn}
            value={optIn.id}
            defaultChecked={checked?.includes(optIn.id)}
          />
          <label htmlFor={id(`opt-in-${optIn.id}`)}>{optIn.text}</label>
          <input type="hidden" name={`${SIGN_UP_FIELDS.optInText}${optIn.id}`} value={optIn.text} />
        </div>
      ))}
      <FieldError errors={errors} name="optIns" />
    </fieldset>
  );
}

/** The refusal's summary at the form's top; the opt-ins' error leads to the first opt-in. */
function SignUpSummary({
  errors,
  formError,
  firstOptIn,
  id,
}: {
  errors: Readonly<Record<string, string>> | undefined;
  formError: string | undefined;
  firstOptIn: string | undefined;
  id: (name: string) => string;
}) {
  const fieldId = (name: string) => (name === "optIns" ? id(`opt-in-${firstOptIn ?? ""}`) : id(name));
  return (
    <ErrorSummary
      answer={errors}
      message={formError}
      errors={summaryErrors(errors ?? {}, [], fieldId, ["firstName", "email", "optIns"])}
    />
  );
}
