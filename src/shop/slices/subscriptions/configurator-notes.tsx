import type { SubscriptionPriceDetails, SubscriptionQuote } from "@/src/contract/subscriptions";
import { formatDate, formatEuroCents, formatLastDay } from "@/src/lib/format";
import { subscriptionForm as text } from "@/src/lib/messages";

/**
 * The price of the choice, read out as it changes: the shop's quote once it answered; before that (the
 * server's render, a page without JavaScript) the month's price from the catalogue's prices per draw.
 */
export function PriceSummary({
  idPrefix,
  quote,
  estimateInCents,
  firstDraw,
  pricing,
  valid,
}: {
  idPrefix: string;
  quote: SubscriptionQuote | undefined;
  /** The catalogue's price of a month, when the choice names a product. */
  estimateInCents: number | undefined;
  firstDraw: SubscriptionPriceDetails["firstDraw"];
  pricing: boolean;
  valid: boolean;
}) {
  const monthly = quote?.monthlyAmountInCents ?? (valid ? estimateInCents : undefined);
  const draw = quote?.firstDraw ?? firstDraw;
  const discounted =
    quote?.promotion && quote.schedule[0] && quote.schedule[0].amountInCents !== quote.monthlyAmountInCents
      ? quote.schedule[0].amountInCents
      : undefined;
  return (
    <section className="subscription-configurator__summary" aria-labelledby={`${idPrefix}-summary`}>
      <h3 id={`${idPrefix}-summary`}>{text.summaryTitle}</h3>
      <div role="status" aria-atomic="true" aria-busy={pricing}>
        {monthly === undefined ? (
          <p>{text.priceUnknown}</p>
        ) : (
          <dl className="details">
            <dt>{text.monthly}</dt>
            <dd>
              <strong>{formatEuroCents(monthly)}</strong> <span className="muted">{text.monthlyHint}</span>
            </dd>
            {quote?.promotion && discounted !== undefined ? (
              <>
                <dt>{quote.promotion.label}</dt>
                <dd>{text.promotionPrice(formatEuroCents(discounted), quote.promotion.draws)}</dd>
              </>
            ) : null}
            {quote ? (
              <>
                <dt>{text.firstPayment}</dt>
                <dd>{formatEuroCents(quote.firstAmountInCents)}</dd>
              </>
            ) : null}
            {draw ? (
              <>
                <dt>{text.firstDraw}</dt>
                <dd>{text.drawOn(draw.name, formatDate(draw.drawDate))}</dd>
              </>
            ) : null}
          </dl>
        )}
        {pricing ? <p className="muted">{text.pricing}</p> : null}
      </div>
    </section>
  );
}

/** The sweepstake the editor attached, while it is open. */
export function SweepstakeNote({
  idPrefix,
  sweepstake,
}: {
  idPrefix: string;
  sweepstake: SubscriptionPriceDetails["sweepstake"];
}) {
  if (!sweepstake?.open) return null;
  return (
    <section className="subscription-configurator__sweepstake" aria-labelledby={`${idPrefix}-sweepstake`}>
      <h3 id={`${idPrefix}-sweepstake`}>{text.sweepstakeTitle(sweepstake.prizeText)}</h3>
      <p>{text.sweepstakeText(sweepstake.numberOfPrizes, formatLastDay(sweepstake.endDate))}</p>
      <p>{text.sweepstakeInstant}</p>
    </section>
  );
}

/** What a direct-debit mandate means, in Dutch (shared/domain.md, Subscriptions). */
export function DirectDebitExplainer({ idPrefix }: { idPrefix: string }) {
  return (
    <section className="subscription-configurator__direct-debit" aria-labelledby={`${idPrefix}-direct-debit`}>
      <h3 id={`${idPrefix}-direct-debit`}>{text.directDebitTitle}</h3>
      {text.directDebitText.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  );
}
