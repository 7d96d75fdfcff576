import { formatEuroCents } from "@/src/lib/format";
import { mySubscriptions as text } from "@/src/lib/messages";
import { FormToken } from "@/src/shop/components/form-token";

/** The action's answer to a refused "Nu betalen": which subscription, and why (Dutch, from the shop API). */
export type PayAnswer = { subscriptionId: number; formError: string };

/**
 * "Nu betalen" on a locked subscription (issue 40): what it owes and how to pay it, by iDEAL or from the
 * balance when that covers it; a plain form post to `/mijn/abonnementen`, with or without JavaScript.
 */
export function OutstandingPaymentForm({
  subscriptionId,
  outstandingInCents,
  balanceInCents,
  transactionId,
  token,
  answer,
}: {
  subscriptionId: number;
  outstandingInCents: number;
  /** Undefined when the wallet cannot say right now: only iDEAL is offered. */
  balanceInCents: number | undefined;
  transactionId: string;
  token: string;
  answer?: PayAnswer;
}) {
  const covers = balanceInCents !== undefined && balanceInCents >= outstandingInCents;
  const errorId = `pay-error-${subscriptionId}`;
  return (
    <form method="post" className="subscription-card__pay" aria-describedby={answer ? errorId : undefined}>
      <FormToken token={token} />
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      <input type="hidden" name="transactionId" value={transactionId} />
      {answer ? (
        <p className="form-error" role="alert" id={errorId}>
          {answer.formError}
        </p>
      ) : null}
      <fieldset>
        <legend>{text.payWith}</legend>
        <label>
          <input type="radio" name="paymentMethod" value="ideal" defaultChecked={!covers} />{" "}
          {text.payMethods.ideal}
        </label>
        {balanceInCents === undefined ? null : (
          <label>
            <input
              type="radio"
              name="paymentMethod"
              value="balance"
              defaultChecked={covers}
              disabled={!covers}
            />{" "}
            {text.payMethods.balance}{" "}
            <span className="muted">
              (
              {covers
                ? text.balanceAvailable(formatEuroCents(balanceInCents))
                : text.balanceTooLow(formatEuroCents(balanceInCents))}
              )
            </span>
          </label>
        )}
      </fieldset>
      <button type="submit" className="button">
        {text.payNow} ({formatEuroCents(outstandingInCents)})
      </button>
    </form>
  );
}
