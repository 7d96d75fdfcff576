import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type VerifiedBasket, verifyBasket } from "@/src/contract/tickets";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { general } from "@/src/lib/messages";
import { endpointQueryKey } from "@/src/shop/client/query-client";
import { useApiClients } from "@/src/shop/components/api-context";
import { basketSnapshot } from "./basket-store";
import { changeBasketItem } from "./change-basket-item";

export type VerifiedItem = VerifiedBasket["items"][number];

export type BasketVerification = {
  /** The server's verdict per basket item id; missing until the first check answered. */
  items: ReadonlyMap<string, VerifiedItem>;
  /** Items whose prices were replaced by the server's on this visit; the player is told so. */
  repriced: ReadonlySet<string>;
  checking: boolean;
  error: string | undefined;
};

/**
 * POST /api/basket/verify for the basket as it is now (spec sections 4, 5 and 8). Keyed by the tickets,
 * so a changed basket is checked again and the check still in flight is cancelled (spec section 5). New
 * prices from the server replace the ones in the basket. A failed check leaves the page usable: the order
 * is checked again when it is placed.
 */
export function useVerifiedBasket(tickets: readonly BasketTicket[]): BasketVerification {
  const { shop } = useApiClients();
  const [repriced, setRepriced] = useState<ReadonlySet<string>>(() => new Set());
  const query = useQuery({
    queryKey: [...endpointQueryKey(verifyBasket), tickets],
    queryFn: ({ signal }) => shop.call(verifyBasket, { body: { tickets: [...tickets] }, signal }),
    enabled: tickets.length > 0,
    placeholderData: keepPreviousData,
    throwOnError: false,
  });

  const fresh = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (!fresh) return;
    const updated = fresh.items.filter(
      (item) =>
        item.status === "priceChanged" &&
        item.ticket !== null &&
        applyServerPrices(item.basketItemId, item.ticket),
    );
    if (updated.length > 0) {
      setRepriced((current) => new Set([...current, ...updated.map((item) => item.basketItemId)]));
    }
  }, [fresh]);

  return {
    items: new Map(query.data?.items.map((item) => [item.basketItemId, item])),
    repriced,
    checking: query.isFetching,
    error: query.isError && !query.isFetching ? errorMessage(query.error) : undefined,
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : general.generic;
}

/**
 * Takes over the server's prices and closing time; false when there was nothing to change. Only a
 * classic ticket carries prices; a million-game ticket has its fixed price.
 */
function applyServerPrices(basketItemId: string, serverTicket: BasketTicket): boolean {
  const current = basketSnapshot().find((ticket) => ticket.basketItemId === basketItemId);
  if (current?._type !== "StlBasketTicket" || serverTicket._type !== "StlBasketTicket") return false;
  const patch = {
    pricePerTicketInCents: serverTicket.pricePerTicketInCents,
    pricePerTicketWithAddOnInCents: serverTicket.pricePerTicketWithAddOnInCents,
    expireDateTime: serverTicket.expireDateTime,
  };
  if (
    patch.pricePerTicketInCents === current.pricePerTicketInCents &&
    patch.pricePerTicketWithAddOnInCents === current.pricePerTicketWithAddOnInCents &&
    Date.parse(patch.expireDateTime) === Date.parse(current.expireDateTime)
  ) {
    return false;
  }
  return changeBasketItem(basketItemId, patch) === "updated";
}
