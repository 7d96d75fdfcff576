import { Link } from "react-router";
import type { AgeValidationState } from "@/src/contract/age-validation";
import { ageValidationPage as text } from "@/src/lib/messages";
import { BankSelect } from "@/src/shop/components/bank-select";
import { CustomerServiceLine } from "@/src/shop/components/customer-service";
import { FieldError, type FieldErrors } from "@/src/shop/components/field-error";
import { FormToken } from "@/src/shop/components/form-token";

export type Issuer = { id: string; name: string };

/** What the start action answers when it cannot send the player to the bank. */
export type StartAnswer = { issuerId: string; errors: Record<string, string>; formError?: string };

/** The player's state in words (`/mijn` and this page). */
export function validationStateText(state: string): string {
  return text.states[state] ?? text.unknownState;
}

/**
 * `/mijn/leeftijdscontrole`'s body: why the shop asks, the player's state and, while it is not validated,
 * the choice of bank in a form that posts to the page's action (works without JavaScript).
 */
type PanelProps = {
  state: AgeValidationState;
  issuers: Issuer[];
  returnPath?: string;
  token: string;
  answer?: StartAnswer;
};

export function AgeValidationPanel({ state, issuers, returnPath, token, answer }: PanelProps) {
  return (
    <>
      <dl className="details">
        <dt>{text.stateLabel}</dt>
        <dd>{validationStateText(state.validationState)}</dd>
      </dl>
      <StateBody state={state} issuers={issuers} returnPath={returnPath} token={token} answer={answer} />
    </>
  );
}

function StateBody({ state, issuers, returnPath, token, answer }: PanelProps) {
  switch (state.validationState) {
    case "Validated":
      return (
        <>
          <p>{text.validated}</p>
          <p>
            {returnPath ? (
              <Link to={returnPath}>{text.continue}</Link>
            ) : (
              <Link to="/mijn">{text.toAccount}</Link>
            )}
          </p>
        </>
      );
    case "Refused":
      return <p role="status">{text.refused}</p>;
    case "Review":
      return (
        <>
          <p role="status">{text.review}</p>
          <CustomerServiceLine next={text.reviewQuestions} />
        </>
      );
    default: {
      const last = state.lastAttempt ? text.lastAttempt[state.lastAttempt.status] : undefined;
      return (
        <>
          {last ? <p className="muted">{last}</p> : null}
          <BankForm issuers={issuers} token={token} answer={answer} />
        </>
      );
    }
  }
}

function BankForm({ issuers, token, answer }: { issuers: Issuer[]; token: string; answer?: StartAnswer }) {
  const errors: FieldErrors = {
    of: (name) => answer?.errors[name],
    idOf: (name) => (answer?.errors[name] ? `age-validation-${name}-error` : undefined),
  };
  return (
    <form className="portal-form age-validation" method="post" aria-label={text.title} noValidate>
      <FormToken token={token} />
      {answer?.formError ? (
        <p className="form-error" role="alert">
          {answer.formError}
        </p>
      ) : null}
      {issuers.length === 0 ? <p className="form-error">{text.noBanks}</p> : null}
      <BankSelect
        id="age-validation-issuer"
        label={text.bankLabel}
        placeholder={text.chooseBank}
        banks={issuers}
        defaultValue={answer?.issuerId}
        invalid={Boolean(errors.of("issuerId"))}
        describedBy={errors.idOf("issuerId")}
      >
        <FieldError errors={errors} name="issuerId" />
      </BankSelect>
      <div className="portal-form__actions">
        <button type="submit" className="button">
          {text.submit}
        </button>
      </div>
    </form>
  );
}
