import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type { Wallet } from "@/src/contract/wallet";
import { IDEAL_ISSUERS } from "@/src/domain/payments/ideal-issuers";
import { formatDateTime, formatEuroCents } from "@/src/lib/format";
import { walletPage as text } from "@/src/lib/messages";
import { FieldError, type FieldErrors } from "@/src/shop/components/field-error";
import { FormToken } from "@/src/shop/components/form-token";
import { TableScroll } from "@/src/shop/components/table-scroll";

/** The form fields of `/mijn/saldo`; the action reads them by these names. */
export const WALLET_FIELDS = {
  intent: "intent",
  transactionId: "transactionId",
  amount: "amount",
  method: "method",
  issuer: "issuer",
  iban: "iban",
  useMandate: "mandaat",
} as const;

export type WalletIntent = "deposit" | "withdraw" | "limit";

/** What the page's action answers to a form: its refusals per field, or what it did. */
export type WalletAnswer = {
  intent: WalletIntent;
  errors: Record<string, string>;
  formError?: string;
  notice?: string;
  /** What the player typed, to show again after a refusal. */
  values: { amount?: string; method?: string; issuer?: string; iban?: string };
  /**
   * Fresh transaction ids for the next try: after a refusal the page's loader does not run again, and the
   * old id would only get the answer to the first try.
   */
  transactionIds?: { deposit: string; withdraw: string };
};

type PanelProps = {
  wallet: Wallet;
  /** Whether iDIN confirmed the player's age: deposits wait for that. */
  validated: boolean;
  token: string;
  /** Fresh per page load: a double submit of one form is one deposit or withdrawal. */
  transactionIds: { deposit: string; withdraw: string };
  answer?: WalletAnswer;
};

/**
 * `/mijn/saldo` (issue 16, item 3): the balance and what is pending, depositing by iDEAL or credit card,
 * withdrawing to the player's IBAN, the monthly deposit limit and the recent movements. Every form posts
 * to the page's action, so all of it works without JavaScript.
 */
export function WalletPanel({ wallet, validated, token, transactionIds: loaded, answer }: PanelProps) {
  const transactionIds = answer?.transactionIds ?? loaded;
  return (
    <div className="wallet">
      <dl className="details wallet__summary">
        <dt>{text.balance}</dt>
        <dd>
          <strong data-testid="wallet-balance">{formatEuroCents(wallet.balanceInCents)}</strong>
        </dd>
        {wallet.pendingDepositsInCents > 0 ? (
          <>
            <dt>{text.pendingDeposits}</dt>
            <dd>{formatEuroCents(wallet.pendingDepositsInCents)}</dd>
          </>
        ) : null}
        {wallet.pendingWithdrawalsInCents > 0 ? (
          <>
            <dt>{text.pendingWithdrawals}</dt>
            <dd>{formatEuroCents(wallet.pendingWithdrawalsInCents)}</dd>
          </>
        ) : null}
      </dl>
      <DepositSection
        wallet={wallet}
        validated={validated}
        token={token}
        transactionId={transactionIds.deposit}
        answer={answer?.intent === "deposit" ? answer : undefined}
      />
      <WithdrawSection
        wallet={wallet}
        token={token}
        transactionId={transactionIds.withdraw}
        answer={answer?.intent === "withdraw" ? answer : undefined}
      />
      <LimitSection wallet={wallet} token={token} answer={answer?.intent === "limit" ? answer : undefined} />
      <History transactions={wallet.transactions} />
    </div>
  );
}

function fieldErrors(prefix: string, answer: WalletAnswer | undefined): FieldErrors {
  return {
    of: (name) => answer?.errors[name],
    idOf: (name) => (answer?.errors[name] ? `${prefix}-${name}-error` : undefined),
  };
}

/** The refusal or the notice of a form, focused when it arrives so a screen reader reads it. */
function Outcome({ answer }: { answer: WalletAnswer | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (answer?.formError || answer?.notice) ref.current?.focus();
  }, [answer]);
  if (answer?.formError) {
    return (
      <p ref={ref} className="form-error" role="alert" tabIndex={-1}>
        {answer.formError}
      </p>
    );
  }
  if (answer?.notice) {
    return (
      <p ref={ref} className="notice" role="status" tabIndex={-1}>
        {answer.notice}
      </p>
    );
  }
  return null;
}

function AmountField({ prefix, label, answer }: { prefix: string; label: string; answer?: WalletAnswer }) {
  const errors = fieldErrors(prefix, answer);
  return (
    <div className="form-field">
      <label htmlFor={`${prefix}-amount`}>{label}</label>
      <input
        id={`${prefix}-amount`}
        name={WALLET_FIELDS.amount}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={answer?.values.amount ?? ""}
        aria-invalid={errors.of(WALLET_FIELDS.amount) ? true : undefined}
        aria-describedby={errors.idOf(WALLET_FIELDS.amount)}
      />
      <FieldError errors={errors} name={WALLET_FIELDS.amount} />
    </div>
  );
}

function DepositSection({
  wallet,
  validated,
  token,
  transactionId,
  answer,
}: {
  wallet: Wallet;
  validated: boolean;
  token: string;
  transactionId: string;
  answer?: WalletAnswer;
}) {
  const errors = fieldErrors("deposit", answer);
  return (
    <section aria-labelledby="wallet-deposit">
      <h2 id="wallet-deposit">{text.depositTitle}</h2>
      {validated ? (
        <Form method="post" className="portal-form" aria-labelledby="wallet-deposit" noValidate>
          <FormToken token={token} />
          <input type="hidden" name={WALLET_FIELDS.transactionId} value={transactionId} />
          <p className="form-field__hint">{text.remaining(wallet.depositLimit.remainingThisMonthInCents)}</p>
          <Outcome answer={answer} />
          <AmountField prefix="deposit" label={text.amountLabel} answer={answer} />
          <fieldset className="form-field">
            <legend>{text.methodLabel}</legend>
            <label>
              <input
                type="radio"
                name={WALLET_FIELDS.method}
                value="ideal"
                defaultChecked={(answer?.values.method ?? "ideal") === "ideal"}
              />{" "}
              {text.ideal}
            </label>
            <label>
              <input
                type="radio"
                name={WALLET_FIELDS.method}
                value="creditcard"
                defaultChecked={answer?.values.method === "creditcard"}
              />{" "}
              {text.creditcard}
            </label>
            <FieldError errors={errors} name={WALLET_FIELDS.method} />
          </fieldset>
          <div className="form-field">
            <label htmlFor="deposit-issuer">{text.bank}</label>
            <select
              id="deposit-issuer"
              name={WALLET_FIELDS.issuer}
              defaultValue={answer?.values.issuer ?? ""}
            >
              <option value="">{text.bankLater}</option>
              {IDEAL_ISSUERS.map((bank) => (
                <option key={bank.id} value={bank.id}>
                  {bank.name}
                </option>
              ))}
            </select>
          </div>
          <div className="portal-form__actions">
            <button type="submit" name={WALLET_FIELDS.intent} value="deposit" className="button">
              {text.depositSubmit}
            </button>
          </div>
        </Form>
      ) : (
        <p>
          {text.ageFirst}{" "}
          <Link to={`/mijn/leeftijdscontrole?returnUrl=${encodeURIComponent("/mijn/saldo")}`}>
            {text.ageLink}
          </Link>
        </p>
      )}
    </section>
  );
}

function WithdrawSection({
  wallet,
  token,
  transactionId,
  answer,
}: {
  wallet: Wallet;
  token: string;
  transactionId: string;
  answer?: WalletAnswer;
}) {
  const errors = fieldErrors("withdraw", answer);
  return (
    <section aria-labelledby="wallet-withdraw">
      <h2 id="wallet-withdraw">{text.withdrawTitle}</h2>
      <Outcome answer={answer} />
      {wallet.balanceInCents > 0 ? (
        <Form method="post" className="portal-form" aria-labelledby="wallet-withdraw" noValidate>
          <FormToken token={token} />
          <input type="hidden" name={WALLET_FIELDS.transactionId} value={transactionId} />
          <p className="form-field__hint">
            {wallet.iban ? text.withdrawTo(wallet.iban) : text.withdrawNeedsIban}
          </p>
          <AmountField prefix="withdraw" label={text.amountLabel} answer={answer} />
          {wallet.iban || !wallet.mandateIban ? null : (
            <label className="form-field">
              <input type="checkbox" name={WALLET_FIELDS.useMandate} value="ja" defaultChecked />{" "}
              {text.withdrawToMandate(wallet.mandateIban)}
            </label>
          )}
          {wallet.iban ? null : (
            <div className="form-field">
              <label htmlFor="withdraw-iban">{text.ibanLabel}</label>
              <input
                id="withdraw-iban"
                name={WALLET_FIELDS.iban}
                autoComplete="off"
                defaultValue={answer?.values.iban ?? ""}
                aria-invalid={errors.of(WALLET_FIELDS.iban) ? true : undefined}
                aria-describedby={errors.idOf(WALLET_FIELDS.iban)}
              />
              <FieldError errors={errors} name={WALLET_FIELDS.iban} />
            </div>
          )}
          <div className="portal-form__actions">
            <button
              type="submit"
              name={WALLET_FIELDS.intent}
              value="withdraw"
              className="button button--secondary"
            >
              {text.withdrawSubmit}
            </button>
          </div>
        </Form>
      ) : (
        <p className="muted">{text.withdrawNothing}</p>
      )}
    </section>
  );
}

function LimitSection({ wallet, token, answer }: { wallet: Wallet; token: string; answer?: WalletAnswer }) {
  const { depositLimit } = wallet;
  return (
    <section aria-labelledby="wallet-limit">
      <h2 id="wallet-limit">{text.limitTitle}</h2>
      <p>{text.limitIntro}</p>
      <p>{text.limitCurrent(depositLimit.monthlyLimitInCents)}</p>
      {depositLimit.pending ? (
        <p>
          {text.limitPending(depositLimit.pending.limitInCents, formatDateTime(depositLimit.pending.from))}
        </p>
      ) : null}
      <Form method="post" className="portal-form" aria-labelledby="wallet-limit" noValidate>
        <FormToken token={token} />
        <Outcome answer={answer} />
        <AmountField prefix="limit" label={text.limitLabel} answer={answer} />
        <div className="portal-form__actions">
          <button
            type="submit"
            name={WALLET_FIELDS.intent}
            value="limit"
            className="button button--secondary"
          >
            {text.limitSubmit}
          </button>
        </div>
      </Form>
    </section>
  );
}

function History({ transactions }: { transactions: Wallet["transactions"] }) {
  return (
    <section aria-labelledby="wallet-history">
      <h2 id="wallet-history">{text.historyTitle}</h2>
      {transactions.length === 0 ? (
        <p className="muted">{text.historyEmpty}</p>
      ) : (
        <TableScroll label={text.historyTitle}>
          <table className="ticket-table wallet__history">
            <thead>
              <tr>
                <th scope="col">{text.dateColumn}</th>
                <th scope="col">{text.descriptionColumn}</th>
                <th scope="col">{text.amountColumn}</th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>{entry.description}</td>
                  <td className="wallet__amount">{formatEuroCents(entry.amountInCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
