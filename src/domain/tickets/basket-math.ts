import type { BasketTicket } from "./basket-ticket";
import { BASKET_UNIT_LIMIT, MILLION_GAME_PRICE_CENTS, PRODUCT_UNITS } from "./catalogue";

/** Single-ticket units of a basket item (spec section 9); a million-game ticket counts as one. */
export function basketUnits(ticket: BasketTicket): number {
  if (ticket._type === "MjsBasketTicket") return ticket.quantity;
  return PRODUCT_UNITS[ticket.productType] * ticket.quantity * ticket.multiplier;
}

export function totalUnits(tickets: readonly BasketTicket[]): number {
  return tickets.reduce((sum, ticket) => sum + basketUnits(ticket), 0);
}

/** Units still free under the basket limit of 100. */
export function remainingUnits(tickets: readonly BasketTicket[]): number {
  return Math.max(0, BASKET_UNIT_LIMIT - totalUnits(tickets));
}

/** The price of one ticket of the item as bought: with the XL add-on when chosen. */
export function unitPrice(ticket: BasketTicket): number {
  if (ticket._type === "MjsBasketTicket") return MILLION_GAME_PRICE_CENTS;
  return ticket.withXl && ticket.pricePerTicketWithAddOnInCents !== undefined
    ? ticket.pricePerTicketWithAddOnInCents
    : ticket.pricePerTicketInCents;
}

/** What one basket line costs: quantity x multiplier x the price of one ticket. */
export function lineTotal(ticket: BasketTicket): number {
  if (ticket._type === "MjsBasketTicket") return ticket.quantity * unitPrice(ticket);
  return ticket.quantity * ticket.multiplier * unitPrice(ticket);
}
