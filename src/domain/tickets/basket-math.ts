import type { BasketTicket } from "./basket-ticket";
import { BASKET_UNIT_LIMIT } from "./catalogue";
import { kindOf } from "./kinds/registry";

/** Single-ticket units of a basket item (spec section 9), as its kind counts them. */
export function basketUnits(ticket: BasketTicket): number {
  return kindOf(ticket).units(ticket);
}

export function totalUnits(tickets: readonly BasketTicket[]): number {
  return tickets.reduce((sum, ticket) => sum + basketUnits(ticket), 0);
}

/**
 * The tickets a basket holds, as a player counts them (issue 43): a street is 10 tickets, a multiplier plays
 * each of them more often but adds none (the basket limit counts it, `totalUnits`).
 */
export function totalTickets(tickets: readonly BasketTicket[]): number {
  return tickets.reduce((sum, ticket) => {
    const units = basketUnits(ticket);
    return sum + ("multiplier" in ticket && ticket.multiplier > 1 ? units / ticket.multiplier : units);
  }, 0);
}

/** Units still free under the basket limit of 100. */
export function remainingUnits(tickets: readonly BasketTicket[]): number {
  return Math.max(0, BASKET_UNIT_LIMIT - totalUnits(tickets));
}

/** What one basket line costs. */
export function lineTotal(ticket: BasketTicket): number {
  return kindOf(ticket).lineTotal(ticket);
}
