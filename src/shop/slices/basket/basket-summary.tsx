import { Link } from "react-router";
import { lineTotal, totalUnits } from "@/src/domain/tickets/basket-math";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { formatEuroCents } from "@/src/lib/format";
import { basketPage } from "@/src/lib/messages";

/**
 * The basket's total with its number of tickets, and the way to checkout; while an item needs the
 * player's attention (closed, unavailable, repriced) checkout is shown but blocked, with the reason.
 */
export function BasketSummary({ tickets, blocked }: { tickets: readonly BasketTicket[]; blocked: boolean }) {
  const totalInCents = tickets.reduce((sum, ticket) => sum + lineTotal(ticket), 0);
  return (
    <>
      <dl className="basket__summary">
        <dt>{basketPage.total}</dt>
        <dd>
          <strong>{formatEuroCents(totalInCents)}</strong>{" "}
          <span className="muted">({basketPage.units(totalUnits(tickets))})</span>
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
