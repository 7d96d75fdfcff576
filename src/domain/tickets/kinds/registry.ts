import type { BasketTicket } from "../basket-ticket";
import { classicKind } from "./classic";
import { millionGameKind } from "./million-game";
import type { TicketKind } from "./ticket-kind";

/**
 * Every kind of basket ticket, by its `_type`: the generic basket rules, the basket maths and the cookie
 * go through this and never branch on a kind themselves. A new kind is its module, its schema (added to
 * `BasketTicketSchema` in basket-ticket.ts) and one line here; the `satisfies` makes a kind missing on
 * either side fail the type check. Zod-free: the basket store loads it on every page.
 */
export const ticketKinds = {
  StlBasketTicket: classicKind,
  MjsBasketTicket: millionGameKind,
} satisfies { [Type in BasketTicket["_type"]]: TicketKind<Extract<BasketTicket, { _type: Type }>> };

/** The behaviour of a ticket's own kind. */
export function kindOf<T extends BasketTicket>(ticket: T): TicketKind<T> {
  // TypeScript cannot relate `ticket._type` to the entry it selects; the `satisfies` above guarantees it.
  return ticketKinds[ticket._type] as unknown as TicketKind<T>;
}

const kindsByCookieTag = new Map<string, TicketKind<BasketTicket>>(
  Object.values(ticketKinds).map((kind) => [kind.cookie.tag, kind as TicketKind<BasketTicket>]),
);

/** The kind whose cookie items start with `tag`, if any. */
export function kindOfCookieTag(tag: string): TicketKind<BasketTicket> | undefined {
  return kindsByCookieTag.get(tag);
}
