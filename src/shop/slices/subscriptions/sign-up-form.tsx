import { Link } from "react-router";
import { IDEAL_ISSUERS } from "@/src/domain/payments/ideal-issuers";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { subscriptionSignUp as text } from "@/src/lib/messages";
import { ErrorSummary, summaryErrors } from "@/src/shop/components/error-summary";
import { FormField } from "@/src/shop/components/form-field";
import { FormToken } from "@/src/shop/components/form-token";

/** The sign-up form's fields as the player filled them in, valid or not. */
export type SignUpValues = {
  iban: string;
  accountHolder: string;
  mandateAccepted: boolean;
  issuer: string;
};

/** The action's answer to a refused sign-up: what was sent, the messages by field, and for the whole form. */
export type SignUpAnswer = {
  values: SignUpValues;
  errors: Readonly<Record<string, string>>;
  formError?: string;
  /** The transaction was already used: the player may already have this subscription. */
  alreadyProcessed?: boolean;
  /** The sign-up ended unpaid: the next try is a new sign-up, whose mandate id this is (issue 40). */
  mandateId?: string | null;
};

/** The id of the input that shows each field's error, in the form's order (the error summary's links). */
const FIELD_IDS: Readonly<Record<string, string>> = {
  iban: "subscription-iban",
  accountHolder: "subscription-account-holder",
  mandateAccepted: "subscription-mandate",
  issuer: "subscription-issuer",
};

/**
 * The account, the direct-debit mandate and the first payment (spec section 7, shared/domain.md): a plain
 * form post (with or without JavaScript) to the sign-up step's action, which takes out the subscription under this browser's
 * transaction id and sends the browser on to the payment page; a refusal comes back with every field kept.
 */
export function SignUpForm({
  firstAmountInCents,
  monthlyAmountInCents,
  prefill,
  profileIban,
  today,
  mandateId,
  token,
  answer,
}: {
  firstAmountInCents: number;
  monthlyAmountInCents: number;
  /** The profile's account and name, filled in when nothing was sent yet. */
  prefill: { iban: string; accountHolder: string };
  /** The profile's account as the portal shows it (only the last four characters), when it has one. */
  profileIban: string | null;
  /** The date the mandate is signed on (the page's day). */
  today: string;
  /** The id of the mandate the player signs here (the subscription keeps it), as the shop API names it. */
  mandateId: string | null;
  token: string;
  answer?: SignUpAnswer;
}) {
  const values = answer?.values;
  const error = (name: string) => answer?.errors[name];
  return (
    <form
      className="portal-form subscription-sign-up"
      method="post"
      aria-labelledby="subscription-sign-up-title"
      noValidate
    >
      <h2 id="subscription-sign-up-title" className="visually-hidden">
        {text.title}
      </h2>
      <FormToken token={token} />
      <ErrorSummary
        answer={answer}
        message={answer?.formError}
        errors={summaryErrors(
          answer?.errors ?? {},
          [],
          (name) => FIELD_IDS[name] ?? name,
          Object.keys(FIELD_IDS),
        )}
      >
        {answer?.alreadyProcessed ? <Link to="/mijn/abonnementen">{text.alreadyProcessed}</Link> : null}
      </ErrorSummary>
      <AccountFields values={values} prefill={prefill} profileIban={profileIban} error={error} />
      <MandateSection
        monthlyAmountInCents={monthlyAmountInCents}
        today={today}
        mandateId={answer?.mandateId ?? mandateId}
        accepted={values?.mandateAccepted ?? false}
        error={error("mandateAccepted")}
      />
      <IssuerField issuer={values?.issuer ?? ""} error={error("issuer")} />

      <div className="portal-form__actions">
        {/* A second click sends the same transaction id: the shop keeps it at one sign-up. */}
        <button type="submit" className="button">
          {text.submit(formatEuroCents(firstAmountInCents))}
        </button>
      </div>
    </form>
  );
}

function AccountFields({
  values,
  prefill,
  profileIban,
  error,
}: {
  values: SignUpValues | undefined;
  prefill: { iban: string; accountHolder: string };
  profileIban: string | null;
  error: (name: string) => string | undefined;
}) {
  return (
    <fieldset>
      <legend>{text.accountLegend}</legend>
      <FormField
        id="subscription-iban"
        name="iban"
        label={text.ibanLabel}
        defaultValue={values?.iban ?? prefill.iban}
        autoComplete="off"
        spellCheck={false}
        hint={
          <>
            {text.ibanHint}
            {profileIban ? ` ${text.ibanFromProfile(profileIban.slice(-4))}` : null}
          </>
        }
        error={error("iban")}
      />
      <FormField
        id="subscription-account-holder"
        name="accountHolder"
        label={text.accountHolderLabel}
        defaultValue={values?.accountHolder ?? prefill.accountHolder}
        autoComplete="name"
        error={error("accountHolder")}
      />
    </fieldset>
  );
}

/** The mandate's text and the player's consent to it. */
function MandateSection({
  monthlyAmountInCents,
  today,
  mandateId,
  accepted,
  error,
}: {
  monthlyAmountInCents: number;
  today: string;
  mandateId: string | null | undefined;
  accepted: boolean;
  error: string | undefined;
}) {
  return (
    <section className="subscription-sign-up__mandate" aria-labelledby="subscription-mandate-title">
      <h3 id="subscription-mandate-title">{text.mandateTitle}</h3>
      <p>{text.mandateText(formatEuroCents(monthlyAmountInCents))}</p>
      <p>{text.mandateCreditor}</p>
      <p>{text.mandateDate(formatDate(today))}</p>
      {mandateId ? <p>{text.mandateId(mandateId)}</p> : null}
      <div className="form-field form-field--checkbox">
        <input
          type="checkbox"
          id="subscription-mandate"
          name="mandateAccepted"
          value="true"
          defaultChecked={accepted}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "subscription-mandate-error" : undefined}
        />
        <div>
          <label htmlFor="subscription-mandate">{text.mandateConsent}</label>
          {error ? (
            <p id="subscription-mandate-error" className="form-field__error">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function IssuerField({ issuer, error }: { issuer: string; error: string | undefined }) {
  return (
    <div className="form-field">
      <label htmlFor="subscription-issuer">{text.bankLabel}</label>
      <select
        id="subscription-issuer"
        name="issuer"
        defaultValue={issuer}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "subscription-issuer-error" : undefined}
      >
        <option value="">{text.bankLater}</option>
        {IDEAL_ISSUERS.map((bank) => (
          <option key={bank.id} value={bank.id}>
            {bank.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id="subscription-issuer-error" className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
