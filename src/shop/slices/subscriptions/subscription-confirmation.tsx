import type { SubscriptionOrderResult, SweepstakeResult } from "@/src/contract/subscriptions";
import { describeItem } from "@/src/domain/subscriptions/item-description";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { mySubscriptions, subscriptionSignUp, subscriptionResult as text } from "@/src/lib/messages";

/**
 * The confirmation of a paid sign-up (spec section 1): what plays from which draw, what is collected each
 * month, the mandate, and the sweepstake's result when the page had one.
 */
export function SubscriptionConfirmation({
  result,
  sweepstake,
}: {
  result: SubscriptionOrderResult;
  sweepstake: SweepstakeResult | null;
}) {
  const subscription = result.subscription;
  return (
    <>
      <dl className="details subscription-confirmation">
        <dt>{text.monthly}</dt>
        <dd>
          <strong>{formatEuroCents(result.monthlyAmountInCents)}</strong>
        </dd>
        <dt>{text.firstDraw}</dt>
        <dd>
          {result.firstDraw.name} ({formatDate(result.firstDraw.drawDate)})
        </dd>
        {subscription ? (
          <>
            <dt>{text.iban}</dt>
            <dd>
              {subscription.mandate.ibanMasked} ({subscription.mandate.accountHolder})
            </dd>
            <dt>{text.mandateId}</dt>
            <dd>{subscription.mandate.mandateId}</dd>
          </>
        ) : null}
        {subscription?.promotion ? (
          <>
            <dt>{text.promotion}</dt>
            <dd>
              {subscriptionSignUp.promotionText(
                subscription.promotion.label,
                subscription.promotion.draws,
                subscription.promotion.discountPercent,
              )}
            </dd>
          </>
        ) : null}
      </dl>
      <p>{text.firstPaid(formatEuroCents(result.firstAmountInCents))}</p>
      <p>{text.collected(formatEuroCents(result.monthlyAmountInCents))}</p>
      {subscription ? (
        <>
          <h2>{mySubscriptions.items}</h2>
          <ul>
            {subscription.items.map((item) => (
              <li key={item.id}>{describeItem(item)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <SweepstakeOutcome sweepstake={sweepstake} />
    </>
  );
}

function SweepstakeOutcome({ sweepstake }: { sweepstake: SweepstakeResult | null }) {
  if (!sweepstake || sweepstake.status === "notEntered") return null;
  const message =
    sweepstake.status === "won"
      ? text.sweepstakeWon(sweepstake.prizeText ?? "")
      : sweepstake.status === "lost"
        ? text.sweepstakeLost
        : text.sweepstakePending;
  return (
    <section className="subscription-confirmation__sweepstake" aria-labelledby="sweepstake-result-title">
      <h2 id="sweepstake-result-title">{text.sweepstakeTitle}</h2>
      <p>{message}</p>
    </section>
  );
}
