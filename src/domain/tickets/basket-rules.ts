import { totalUnits } from "./basket-math";
import type { BasketTicket } from "./basket-ticket";
import { BASKET_UNIT_LIMIT } from "./catalogue";
import { kindOf } from "./kinds/registry";
import { type CartEventItem, centsToEuros } from "./kinds/ticket-kind";

/**
 * The basket rules of spec section 4 as pure functions: merging on add, the 100-unit limit (section 9),
 * updates with their analytics events, and the clean-up when a basket is loaded. What differs between
 * kinds of ticket (when two items merge, units, closing, analytics items) each kind says for itself in
 * `kinds/`. They import no zod at runtime, so the browser store can use them from first-load JavaScript;
 * the one rule that needs a schema (an updated ticket must still be a valid ticket) takes the validator
 * as an argument.
 */

type Tickets = readonly BasketTicket[];

/** Creates a basket item id; injected so tests are deterministic and the server can use its own. */
export type IdGenerator = () => string;

/**
 * Parses a merged ticket with the schema of `kind` (the `_type` of the ticket being updated) and returns
 * the parsed ticket, or undefined when it is not a valid ticket of that kind.
 */
export type TicketValidator = (
  candidate: Record<string, unknown>,
  kind: BasketTicket["_type"],
) => BasketTicket | undefined;

export type CartEventName = "add_to_cart" | "remove_from_cart";

/** A GA4 e-commerce event as it is pushed to `window.dataLayer`. */
export type CartEvent = {
  event: CartEventName;
  ecommerce: { currency: "EUR"; value: number; firstDrawId: number; items: [CartEventItem] };
};

export type AddResult =
  | { status: "added"; tickets: Tickets; basketItemId: string; events: CartEvent[] }
  | { status: "overLimit"; tickets: Tickets };

export type RemoveResult =
  | { status: "removed"; tickets: Tickets; events: CartEvent[] }
  | { status: "ticketNotFound"; tickets: Tickets };

export type UpdateResult =
  | { status: "updated"; tickets: Tickets; events: CartEvent[] }
  | { status: "removed"; tickets: Tickets; events: CartEvent[] }
  | { status: "overLimit"; tickets: Tickets }
  | { status: "ticketNotFound"; tickets: Tickets }
  | { status: "notAValidTicket"; tickets: Tickets };

const ALPHABET = "0123456789abcdefghijklmnopqrstuv";

/** A short random id (40 bits, base32): ids travel in the basket cookie, so every character counts. */
export function randomBasketItemId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => ALPHABET[byte & 31]).join("");
}

export function withinLimit(tickets: Tickets): boolean {
  return totalUnits(tickets) <= BASKET_UNIT_LIMIT;
}

/** Spec section 4: items of different kinds never merge; within a kind, the kind decides. */
function matches(existing: BasketTicket, incoming: BasketTicket): boolean {
  return existing._type === incoming._type && kindOf(existing).matches(existing, incoming);
}

/** A fresh id that no item in the basket uses yet. */
function uniqueId(tickets: Tickets, newId: IdGenerator): string {
  const taken = new Set(tickets.map((ticket) => ticket.basketItemId));
  for (let attempt = 0; attempt < 10; attempt++) {
    const id = newId();
    if (id !== "" && !taken.has(id)) return id;
  }
  throw new Error("Could not generate a unique basket item id");
}

/**
 * Adds an already validated ticket (spec section 4): a matching item takes its quantity and end digits,
 * anything else becomes a new line, with a generated id when it has none (or one already in use).
 * A basket that would exceed 100 units is refused and left as it was.
 */
export function addTicket(tickets: Tickets, ticket: BasketTicket, newId: IdGenerator): AddResult {
  const index = tickets.findIndex((existing) => matches(existing, ticket));
  let next: BasketTicket[];
  let basketItemId: string;
  if (index >= 0) {
    const existing = tickets[index]!;
    const merged = kindOf(existing).merge(existing, ticket);
    basketItemId = merged.basketItemId;
    next = tickets.map((item, position) => (position === index ? merged : item));
  } else {
    const taken = ticket.basketItemId === "" || tickets.some((t) => t.basketItemId === ticket.basketItemId);
    basketItemId = taken ? uniqueId(tickets, newId) : ticket.basketItemId;
    next = [...tickets, { ...ticket, basketItemId }];
  }
  if (!withinLimit(next)) return { status: "overLimit", tickets };
  return { status: "added", tickets: next, basketItemId, events: [cartEvent("add_to_cart", ticket)] };
}

export function removeTicket(tickets: Tickets, basketItemId: string): RemoveResult {
  const existing = tickets.find((ticket) => ticket.basketItemId === basketItemId);
  if (!existing) return { status: "ticketNotFound", tickets };
  return {
    status: "removed",
    tickets: tickets.filter((ticket) => ticket !== existing),
    events: [cartEvent("remove_from_cart", existing)],
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Updates a basket item (spec section 4): the item must exist (`ticketNotFound`), `data` is a partial
 * patch laid over it that must leave a valid ticket of the same kind (`notAValidTicket`), and the basket
 * must stay within 100 units (`overLimit`); a refused update changes nothing and emits nothing.
 * A quantity of 0 removes the item. End digits beyond the new quantity are dropped, since each pair
 * belongs to one ticket. The item keeps its id whatever the patch says.
 */
export function updateTicket(
  tickets: Tickets,
  basketItemId: string,
  data: unknown,
  validate: TicketValidator,
): UpdateResult {
  const index = tickets.findIndex((ticket) => ticket.basketItemId === basketItemId);
  const existing = tickets[index];
  if (!existing) return { status: "ticketNotFound", tickets };
  if (!isRecord(data)) return { status: "notAValidTicket", tickets };
  if (data.quantity === 0) return removeTicket(tickets, basketItemId);

  const candidate = kindOf(existing).fitUpdate({
    ...existing,
    ...data,
    basketItemId: existing.basketItemId,
  });
  const updated = validate(candidate, existing._type);
  if (!updated || updated._type !== existing._type) return { status: "notAValidTicket", tickets };

  const next = tickets.map((ticket, position) => (position === index ? updated : ticket));
  if (!withinLimit(next)) return { status: "overLimit", tickets };
  return { status: "updated", tickets: next, events: updateEvents(existing, updated) };
}

/**
 * Events for an update (spec section 4): a change the kind reports as a new line (a classic ticket's XL
 * option) removes the old state and adds the new one; otherwise only the change in quantity is reported.
 */
export function updateEvents(before: BasketTicket, after: BasketTicket): CartEvent[] {
  if (before._type === after._type && kindOf(before).replacesLine(before, after)) {
    return [cartEvent("remove_from_cart", before), cartEvent("add_to_cart", after)];
  }
  const difference = after.quantity - before.quantity;
  if (difference > 0) return [cartEvent("add_to_cart", after, difference)];
  if (difference < 0) return [cartEvent("remove_from_cart", before, -difference)];
  return [];
}

/**
 * The clean-up when a basket is read (spec section 4): items whose sale has closed (for a classic ticket:
 * `expireDateTime <= now`) are dropped and items without an id, or with an id used twice, get a fresh one.
 */
export function loadBasket(tickets: Tickets, now: Date, newId: IdGenerator): BasketTicket[] {
  const current = tickets.filter((ticket) => !kindOf(ticket).saleClosed(ticket, now));
  const seen = new Set<string>();
  const result: BasketTicket[] = [];
  for (const ticket of current) {
    if (ticket.basketItemId === "" || seen.has(ticket.basketItemId)) {
      const basketItemId = uniqueId([...current, ...result], newId);
      result.push({ ...ticket, basketItemId });
      seen.add(basketItemId);
    } else {
      result.push(ticket);
      seen.add(ticket.basketItemId);
    }
  }
  return result;
}

/** One GA4 e-commerce event for `quantity` tickets of an item (by default all of them). */
export function cartEvent(event: CartEventName, ticket: BasketTicket, quantity = ticket.quantity): CartEvent {
  const item = kindOf(ticket).analyticsItem(ticket, quantity);
  return {
    event,
    ecommerce: {
      currency: "EUR",
      value: centsToEuros(Math.round(item.price * 100) * quantity),
      firstDrawId: item.firstDrawId,
      items: [item],
    },
  };
}

/** A checkout step of the funnel (GA4): every ticket ordered as an item, the order's value in euros. */
export type CheckoutEvent = {
  event: "begin_checkout" | "add_payment_info";
  ecommerce: {
    currency: "EUR";
    value: number;
    payment_type?: string;
    firstDrawId?: number;
    items: CartEventItem[];
  };
};

export function checkoutEvent(
  event: CheckoutEvent["event"],
  tickets: readonly BasketTicket[],
  valueInCents: number,
  paymentType?: string,
): CheckoutEvent {
  const items = tickets.map((ticket) => kindOf(ticket).analyticsItem(ticket, ticket.quantity));
  return {
    event,
    ecommerce: {
      currency: "EUR",
      value: centsToEuros(valueInCents),
      ...(paymentType ? { payment_type: paymentType } : {}),
      ...(items[0] ? { firstDrawId: items[0].firstDrawId } : {}),
      items,
    },
  };
}
