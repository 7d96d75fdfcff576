import { Link } from "react-router";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { basketPage } from "@/src/lib/messages";
import { useHydrated } from "@/src/shop/components/use-hydrated";
import { BasketItemRow } from "./basket-item-row";
import { useBasket } from "./basket-store";
import { type BasketOffersTotal, BasketSummary } from "./basket-summary";
import type { ServerBasket } from "./server-basket";
import { UndoRemoval, useRemovedLine } from "./undo-removal";
import { useVerifiedBasket, type VerifiedItem } from "./use-verified-basket";

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
  offers,
}: {
  server?: ServerBasket;
  formError?: BasketFormError;
  /** A logged-in player's campaign offers, priced against the basket on the server. */
  offers?: BasketOffersTotal;
}) {
  const hydrated = useHydrated();
  const { tickets, notification } = useBasket();
  const verification = useVerifiedBasket(tickets);
  const { removed, forget } = useRemovedLine(tickets, notification, server?.removed);
  const undo = removed ? <UndoRemoval ticket={removed} hydrated={hydrated} onDone={forget} /> : null;

  if (!hydrated) {
    return server ? (
      <>
        {undo}
        <BasketView {...serverView(server, formError)} offers={offers} />
      </>
    ) : (
      <p aria-busy="true">{basketPage.loading}</p>
    );
  }
  const blocked = tickets.some((ticket) => {
    const status = verification.items.get(ticket.basketItemId)?.status;
    return status !== undefined && status !== "ok";
  });
  return (
    <>
      {undo}
      <BasketView
        tickets={tickets}
        verified={verification.items}
        repriced={verification.repriced}
        blocked={blocked}
        checking={verification.checking}
        error={verification.error}
        offers={offers}
      />
    </>
  );
}

type BasketViewProps = {
  tickets: readonly BasketTicket[];
  verified: ReadonlyMap<string, VerifiedItem>;
  repriced: ReadonlySet<string>;
  blocked: boolean;
  checking: boolean;
  error: string | undefined;
  /** The server's render (before hydration, or without JavaScript): each row is a form. */
  form?: { formError?: BasketFormError };
  offers?: BasketOffersTotal;
};

/**
 * The basket as the server read it and as this tab's store holds it, in one structure: when hydration
 * hands over from the one to the other, React keeps the elements (checkout's link among them) instead of
 * replacing them, so a tap that lands in between is not lost.
 */
function BasketView({
  tickets,
  verified,
  repriced,
  blocked,
  checking,
  error,
  form,
  offers,
}: BasketViewProps) {
  if (tickets.length === 0) return <EmptyBasket />;
  return (
    <section className="basket">
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="basket__items" aria-label={basketPage.itemsLabel}>
        {tickets.map((ticket) => (
          <BasketItemRow
            key={ticket.basketItemId}
            ticket={ticket}
            verified={verified.get(ticket.basketItemId)}
            repriced={repriced.has(ticket.basketItemId)}
            form={
              form
                ? {
                    enteredQuantity:
                      form.formError?.basketItemId === ticket.basketItemId
                        ? form.formError.quantity
                        : undefined,
                  }
                : undefined
            }
          />
        ))}
      </ul>
      <p className="basket__check" role="status">
        {checking ? basketPage.verifying : null}
      </p>
      <BasketSummary tickets={tickets} blocked={blocked} offers={offers} />
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
 * The server's basket. An item the server repriced already carries the new price (the page's answer
 * stored it in the cookie), so only a closed or unavailable item blocks checkout.
 */
function serverView(basket: ServerBasket, formError: BasketFormError | undefined): BasketViewProps {
  const verified = new Map(basket.verified?.items.map((item) => [item.basketItemId, item]));
  const blocked = basket.tickets.some((ticket) => {
    const status = verified.get(ticket.basketItemId)?.status;
    return status === "expired" || status === "unavailable";
  });
  return {
    tickets: basket.tickets,
    verified,
    repriced: new Set(basket.repriced),
    blocked,
    checking: false,
    error: formError?.error ?? basket.error,
    form: { formError },
  };
}
