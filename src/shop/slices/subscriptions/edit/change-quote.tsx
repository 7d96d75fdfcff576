import type { SubscriptionChangeQuote } from "@/src/contract/subscription-changes";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { subscriptionEditPage as text } from "@/src/lib/messages";

/**
 * What a change would do, as the shop verified it: the monthly amount before and after and the draw it
 * takes effect from, shown before the player confirms. A live region, so the new amount is read out when
 * it arrives; while there is no current answer it says why (asking, nothing changed, fix the form).
 */
export function ChangeQuote({
  idPrefix,
  quote,
  pricing,
  idle,
  title = text.quoteTitle,
}: {
  idPrefix: string;
  /** The region's (visually hidden) name. */
  title?: string;
  quote: SubscriptionChangeQuote | undefined;
  pricing: boolean;
  /** What the region says with no answer and no call in flight. */
  idle: string | undefined;
}) {
  const titleId = `${idPrefix}-quote-title`;
  return (
    <div className="subscription-change-quote" role="status" aria-labelledby={titleId}>
      <h4 id={titleId} className="visually-hidden">
        {title}
      </h4>
      {quote ? (
        <>
          <p>
            <strong>
              {text.quoteMonthly(
                formatEuroCents(quote.monthlyAmountAfterInCents),
                formatEuroCents(quote.monthlyAmountBeforeInCents),
              )}
            </strong>
          </p>
          <p>
            {quote.effectiveDraw
              ? text.quoteFrom(
                  text.drawOn(quote.effectiveDraw.name, formatDate(quote.effectiveDraw.drawDate)),
                )
              : text.quoteNoDraw}
          </p>
          <p className="form-field__hint">
            {quote.payment.method === "none" ? text.paymentNone : text.paymentNextCollection}
          </p>
        </>
      ) : pricing ? (
        <p className="muted">{text.pricing}</p>
      ) : idle ? (
        <p className="muted">{idle}</p>
      ) : null}
    </div>
  );
}
