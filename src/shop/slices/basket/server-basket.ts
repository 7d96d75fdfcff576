import type { VerifiedBasket } from "@/src/contract/tickets";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";

/**
 * The basket as the server rendered it from the browser's cookie, checked by the shop API: what the basket
 * page shows before hydration, and all a browser without JavaScript gets. `verified` is missing when the
 * check failed (`error` says so); `repriced` names the items whose prices the server replaced.
 */
/**
 * The basket page's action puts back the line this field holds (in the basket cookie's encoding); after a
 * removal without JavaScript the page's address names the line under the same key (issue 43).
 */
export const UNDO_FIELD = "terugzetten";

export type ServerBasket = {
  tickets: BasketTicket[];
  verified?: VerifiedBasket;
  error?: string;
  repriced: string[];
  /** The line the player just removed without JavaScript, offered back (issue 43). */
  removed?: BasketTicket;
};

/**
 * Takes over the server's prices and closing time of items it reports as `priceChanged` (as the page's
 * script does with the store): only a classic ticket carries prices.
 */
export function withServerPrices(
  tickets: readonly BasketTicket[],
  verified: VerifiedBasket,
): { tickets: BasketTicket[]; repriced: string[] } {
  const byId = new Map(verified.items.map((item) => [item.basketItemId, item]));
  const repriced: string[] = [];
  const result = tickets.map((ticket) => {
    const item = byId.get(ticket.basketItemId);
    const server = item?.ticket;
    if (item?.status !== "priceChanged" || ticket._type !== "StlBasketTicket") return ticket;
    if (server?._type !== "StlBasketTicket") return ticket;
    repriced.push(ticket.basketItemId);
    return {
      ...ticket,
      pricePerTicketInCents: server.pricePerTicketInCents,
      pricePerTicketWithAddOnInCents: server.pricePerTicketWithAddOnInCents,
      expireDateTime: server.expireDateTime,
    };
  });
  return { tickets: result, repriced };
}
