import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { lineTotal } from "@/src/domain/tickets/basket-math";
import { basketPage } from "@/src/lib/messages";
import { BasketItemRow } from "./basket-item-row";
import { useBasket } from "./basket-store";
import { BasketSummary } from "./basket-summary";
import { useVerifiedBasket } from "./use-verified-basket";

const noSubscription = () => () => {};

/** False in the server render and the hydration render, true after: the basket is only known in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The basket page's body (spec sections 2, 4 and 8): the items as the server checked them, the total
 * and checkout, or a link to the tickets when the basket is empty. Needs the API clients' provider.
 */
export function BasketContents() {
  const hydrated = useHydrated();
  const { tickets, units } = useBasket();
  const verification = useVerifiedBasket(tickets);

  if (!hydrated) return <p aria-busy="true">{basketPage.loading}</p>;
  if (tickets.length === 0) {
    return (
      <section className="basket basket--empty">
        <p>{basketPage.empty}</p>
        <Link to="/loten" className="button">
          {basketPage.emptyLink}
        </Link>
      </section>
    );
  }

  const total = tickets.reduce((sum, ticket) => sum + lineTotal(ticket), 0);
  const blocked = tickets.some((ticket) => {
    const status = verification.items.get(ticket.basketItemId)?.status;
    return status !== undefined && status !== "ok";
  });

  return (
    <section className="basket">
      <ul className="basket__items" aria-label={basketPage.itemsLabel}>
        {tickets.map((ticket) => (
          <BasketItemRow
            key={ticket.basketItemId}
            ticket={ticket}
            verified={verification.items.get(ticket.basketItemId)}
            repriced={verification.repriced.has(ticket.basketItemId)}
          />
        ))}
      </ul>
      <p className="basket__check" role="status">
        {verification.checking ? basketPage.verifying : null}
      </p>
      {verification.error ? (
        <p className="form-error" role="alert">
          {verification.error}
        </p>
      ) : null}
      <BasketSummary totalInCents={total} units={units} blocked={blocked} />
    </section>
  );
}
