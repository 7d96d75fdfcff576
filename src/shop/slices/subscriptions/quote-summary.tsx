import type { SubscriptionQuote } from "@/src/contract/subscriptions";
import { describeItem } from "@/src/domain/subscriptions/item-description";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { purchaseTypeLabels, subscriptionSignUp as text } from "@/src/lib/messages";
import { TableScroll } from "@/src/shop/components/table-scroll";

/**
 * What the shop quoted for the choice (the verify call): the items, the month's amount, the first draw and
 * its iDEAL payment, the promotion and what is collected for the next draws.
 */
export function QuoteSummary({
  quote,
  changeLink,
}: {
  quote: SubscriptionQuote;
  changeLink?: React.ReactNode;
}) {
  return (
    <section className="subscription-quote" aria-labelledby="subscription-quote-title">
      <h2 id="subscription-quote-title">{text.quoteTitle}</h2>
      <h3>{text.items}</h3>
      <ul className="subscription-quote__items">
        {quote.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the quote's items have no id and never reorder
          <li key={index}>
            <span>{describeItem(item)}</span>
            <span className="subscription-quote__amount">
              {text.perDraw(formatEuroCents(item.pricePerDrawInCents))}
            </span>
          </li>
        ))}
      </ul>
      {changeLink}
      <dl className="details subscription-quote__figures">
        <dt>{text.monthly}</dt>
        <dd>
          <strong>{formatEuroCents(quote.monthlyAmountInCents)}</strong>
        </dd>
        <dt>{text.firstDraw}</dt>
        <dd>
          {quote.firstDraw.name} ({formatDate(quote.firstDraw.drawDate)})
        </dd>
        <dt>{text.firstPayment}</dt>
        <dd>{formatEuroCents(quote.firstAmountInCents)}</dd>
        {quote.promotion ? (
          <>
            <dt>{text.promotion}</dt>
            <dd>
              {text.promotionText(
                quote.promotion.label,
                quote.promotion.draws,
                quote.promotion.discountPercent,
              )}
            </dd>
          </>
        ) : null}
      </dl>
      {quote.schedule.length > 0 ? (
        <TableScroll label={text.scheduleTitle}>
          <table className="ticket-table subscription-quote__schedule">
            <caption>{text.scheduleTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{text.scheduleDraw}</th>
                <th scope="col">{text.scheduleDate}</th>
                <th scope="col">{text.scheduleAmount}</th>
              </tr>
            </thead>
            <tbody>
              {quote.schedule.map((draw) => (
                <tr key={draw.drawId}>
                  <td>
                    {draw.name}
                    {draw.purchaseType === "TrialSubscription" ? (
                      <span className="muted"> ({purchaseTypeLabels.TrialSubscription})</span>
                    ) : null}
                  </td>
                  <td>{formatDate(draw.drawDate)}</td>
                  <td>{formatEuroCents(draw.amountInCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}
