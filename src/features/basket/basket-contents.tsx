import { Link } from "react-router";
import { useHydrated } from "@/src/components/use-hydrated";
import { basketPage } from "@/src/lib/messages";
import { BasketItemRow } from "./basket-item-row";
import { useBasket } from "./basket-store";
import { BasketSummary } from "./basket-summary";
import type { ServerBasket } from "./server-basket";
import { useVerifiedBasket } from "./use-verified-basket";

/** A change the basket page's action refused (without JavaScript), with what the player had typed. */
export type BasketFormError = { error: string; basketItemId?: string; quantity?: string };

/**
 * The basket page's body (spec sections 2, 4 and 8): the items as the server checked them, the total
 * and checkout, or a link to the tickets when the basket is empty. Needs the API clients' provider.
 * Until hydration it shows `server`, the basket the server read from the cookie, with forms that post
 * to the page's action, so it works without JavaScript; then this tab's store takes over.
 */
export function BasketContents({
  server,
  formError,
}: {
  server?: ServerBasket;
  formError?: BasketFormError;
}) {
  const hydrated = useHydrated();
  const { tickets } = useBasket();
  const verification = useVerifiedBasket(tickets);

  if (!hydrated) {
    return server ? (
      <ServerBasketContents basket={server} formError={formError} />
    ) : (
      <p aria-busy="true">{basketPage.loading}</p>
    );
  }
  if (tickets.length === 0) return <EmptyBasket />;

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
      <BasketSummary tickets={tickets} blocked={blocked} />
    </section>
  );
}

function EmptyBasket() {
  return (
    <section className="basket basket--empty">
      <p>{basketPage.empty}</p>
      <Link to="/loten" className="button">
        {basketPage.emptyLink}
      </Link>
    </section>
  );
}

/**
 * The server's basket: the same rows, each with a form. An item the server repriced already carries the
 * new price (the page's answer stored it in the cookie), so only a closed or unavailable item blocks
 * checkout.
 */
function ServerBasketContents({ basket, formError }: { basket: ServerBasket; formError?: BasketFormError }) {
  if (basket.tickets.length === 0) return <EmptyBasket />;
  const verified = new Map(basket.verified?.items.map((item) => [item.basketItemId, item]));
  const repriced = new Set(basket.repriced);
  const blocked = basket.tickets.some((ticket) => {
    const status = verified.get(ticket.basketItemId)?.status;
    return status === "expired" || status === "unavailable";
  });
  const error = formError?.error ?? basket.error;
  return (
    <section className="basket">
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="basket__items" aria-label={basketPage.itemsLabel}>
        {basket.tickets.map((ticket) => (
          <BasketItemRow
            key={ticket.basketItemId}
            ticket={ticket}
            verified={verified.get(ticket.basketItemId)}
            repriced={repriced.has(ticket.basketItemId)}
            form={{
              enteredQuantity:
                formError?.basketItemId === ticket.basketItemId ? formError.quantity : undefined,
            }}
          />
        ))}
      </ul>
      <BasketSummary tickets={basket.tickets} blocked={blocked} />
    </section>
  );
}
