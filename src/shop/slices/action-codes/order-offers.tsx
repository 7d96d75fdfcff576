import type { OrderResult } from "@/src/contract/tickets";
import { formatEuroCents, formatSignedEuroCents } from "@/src/lib/format";
import { actionPage as text } from "@/src/lib/messages";

/**
 * The campaign offers a paid order applied (issue 18): each with what it did to the total, what the player
 * saved, and what was paid. Nothing for an order without offers.
 */
export function OrderOffers({
  adjustments,
  totalInCents,
}: {
  adjustments: OrderResult["adjustments"];
  totalInCents: number;
}) {
  if (adjustments.length === 0) return null;
  const saved = adjustments.reduce((sum, adjustment) => sum + adjustment.discountInCents, 0);
  return (
    <section className="order-offers card" aria-labelledby="order-offers-title">
      <h2 id="order-offers-title">{text.orderOffersTitle}</h2>
      <ul className="checkout__lines">
        {adjustments.map((adjustment) => (
          <li key={adjustment.label}>
            <span>{adjustment.label}</span>
            <span className="checkout__amount">{formatSignedEuroCents(adjustment.amountInCents)}</span>
          </li>
        ))}
      </ul>
      <p>{text.paidWithDiscount(formatEuroCents(saved))}</p>
      <p className="checkout__total">
        {text.totalPaid}: <strong>{formatEuroCents(totalInCents)}</strong>
      </p>
    </section>
  );
}
