import type { Config } from "@/src/config/env.server";
import { basketCookie } from "@/src/domain/tickets/basket-cookie";
import {
  addTicket,
  randomBasketItemId,
  removeTicket,
  type TicketValidator,
  updateTicket,
} from "@/src/domain/tickets/basket-rules";
import { type BasketTicket, basketTicketSchemas } from "@/src/domain/tickets/basket-ticket";
import { basketFromRequest } from "@/src/shop/slices/checkout/checkout.server";

/**
 * The basket changed on the server, for links and forms that work without JavaScript: the same rules as
 * `window.basket` (merging, the limit of 100, quantity 0 removes) on the basket cookie the request
 * carries, answered with the `Set-Cookie` that stores the result.
 */
export type ServerBasketChange =
  | { status: "changed"; setCookie: string }
  | { status: "overLimit" | "ticketNotFound" | "notAValidTicket" };

type CookieConfig = Pick<Config, "secureCookies" | "cookieDomain">;

/** The `Set-Cookie` that stores a basket, with the site's cookie settings. */
export function basketSetCookie(tickets: readonly BasketTicket[], config: CookieConfig): string {
  return basketCookie(tickets, { secure: config.secureCookies, domain: config.cookieDomain });
}

function store(tickets: readonly BasketTicket[], config: CookieConfig): ServerBasketChange {
  return { status: "changed", setCookie: basketSetCookie(tickets, config) };
}

/** Adds tickets the shop API verified, in order; over the limit nothing is added at all. */
export function addToServerBasket(
  request: Request,
  config: CookieConfig,
  added: readonly BasketTicket[],
): ServerBasketChange {
  let tickets: readonly BasketTicket[] = basketFromRequest(request, config.secureCookies);
  for (const ticket of added) {
    const result = addTicket(tickets, ticket, randomBasketItemId);
    if (result.status === "overLimit") return { status: "overLimit" };
    tickets = result.tickets;
  }
  return store(tickets, config);
}

/** Removes one item; an item that is gone already (another tab) is not an error. */
export function removeFromServerBasket(
  request: Request,
  config: CookieConfig,
  basketItemId: string,
): ServerBasketChange {
  const result = removeTicket(basketFromRequest(request, config.secureCookies), basketItemId);
  return result.status === "ticketNotFound" ? { status: "ticketNotFound" } : store(result.tickets, config);
}

/** An updated item must still be a valid ticket of its own kind (as `window.basket.updateTicket` checks). */
const validate: TicketValidator = (candidate, kind) => {
  const parsed = basketTicketSchemas[kind].safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
};

/** Changes an item's quantity (0 removes it) or XL, checked with the basket ticket schemas. */
export function updateServerBasket(
  request: Request,
  config: CookieConfig,
  basketItemId: string,
  patch: { quantity: number; withXl?: boolean },
): ServerBasketChange {
  const tickets = basketFromRequest(request, config.secureCookies);
  // A field left out stays as it is; `withXl: undefined` would make the ticket invalid.
  const change = patch.withXl === undefined ? { quantity: patch.quantity } : patch;
  const result = updateTicket(tickets, basketItemId, change, validate);
  if (result.status === "updated" || result.status === "removed") return store(result.tickets, config);
  return { status: result.status };
}
