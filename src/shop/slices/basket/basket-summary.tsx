import { Link } from "react-router";
import { lineTotal, totalTickets } from "@/src/domain/tickets/basket-math";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { formatEuroCents } from "@/src/lib/format";
import { basketPage } from "@/src/lib/messages";

/** The campaign offers the server priced against the basket (issue 18): their amounts and the total. */
export type BasketOffersTotal = {
  adjustments: readonly { status: string; amountInCents?: number }[];
  totalInCents: number;
};

/**
 * What will be paid with the offers that apply (issue 43: the amount beside "Afrekenen" is the one the
 * checkout asks), while the basket is still the one they were priced for; else undefined.
 */
function totalWithOffers(offers: BasketOffersTotal | undefined, basketTotal: number): number | undefined {
  const applied = offers?.adjustments.filter((adjustment) => adjustment.status === "applies") ?? [];
  if (!offers || applied.length === 0) return undefined;
  const added = applied.reduce((sum, adjustment) => sum + (adjustment.amountInCents ?? 0), 0);
  return offers.totalInCents - added === basketTotal ? offers.totalInCents : undefined;
}

/**
 * The basket's total with its number of tickets, and the way to checkout; while an item needs the
 * player's attention (closed, unavailable, repriced) checkout is shown but blocked, with the reason.
 */
export function BasketSummary({
  tickets,
  blocked,
  offers,
}: {
  tickets: readonly BasketTicket[];
  blocked: boolean;
  offers?: BasketOffersTotal;
}) {
  const totalInCents = tickets.reduce((sum, ticket) => sum + lineTotal(ticket), 0);
  const withOffers = totalWithOffers(offers, totalInCents);
  return (
    <>
      <dl className="basket__summary">
        <dt>{withOffers === undefined ? basketPage.total : basketPage.totalWithOffers}</dt>
        <dd>
          <strong>{formatEuroCents(withOffers ?? totalInCents)}</strong>{" "}
          <span className="muted">({basketPage.units(totalTickets(tickets))})</span>
        </dd>
      </dl>
      <div className="basket__actions">
        {blocked ? (
          <>
            <button type="button" className="button" disabled aria-describedby="basket-checkout-blocked">
              {basketPage.checkout}
            </button>
            <p id="basket-checkout-blocked">{basketPage.checkoutBlocked}</p>
          </>
        ) : (
          <Link to="/afrekenen" className="button">
            {basketPage.checkout}
          </Link>
        )}
      </div>
    </>
  );
}
