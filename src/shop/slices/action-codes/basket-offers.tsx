import type { BasketAdjustment } from "@/src/contract/action-codes";
import { formatEuroCents, formatSignedEuroCents } from "@/src/lib/format";
import { actionPage as text } from "@/src/lib/messages";
import { actionOfferPath } from "./action-code-form";

/**
 * The player's campaign offers in the basket (issue 18), as the server priced them against the basket:
 * what each gives and does to the total, or why it does not apply (yet), each with a way to take it out;
 * and the total with the offers.
 */
export function BasketOffers({
  adjustments,
  totalInCents,
}: {
  adjustments: readonly BasketAdjustment[];
  totalInCents: number;
}) {
  if (adjustments.length === 0) return null;
  return (
    <section className="basket-offers card" aria-labelledby="basket-offers-title">
      <h2 id="basket-offers-title">{text.basketTitle}</h2>
      <ul className="checkout__lines">
        {adjustments.map((adjustment) => (
          <li key={adjustment.activationId}>
            <span>
              {adjustment.campaignName}: {adjustment.label}
            </span>
            {adjustment.status === "applies" ? (
              <span className="checkout__amount">{formatSignedEuroCents(adjustment.amountInCents)}</span>
            ) : (
              <p className="form-error">{adjustment.reason}</p>
            )}
            <form method="post" action={actionOfferPath(adjustment.pageId)}>
              <input type="hidden" name="intent" value="remove" />
              <button type="submit" className="button button--secondary">
                {text.takeOut}
              </button>
            </form>
          </li>
        ))}
      </ul>
      <p className="checkout__total">
        {text.totalWithAction}: <strong>{formatEuroCents(totalInCents)}</strong>
      </p>
    </section>
  );
}
