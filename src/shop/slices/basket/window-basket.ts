import { remainingUnits, totalUnits } from "@/src/domain/tickets/basket-math";
import type { TicketValidator } from "@/src/domain/tickets/basket-rules";
import {
  type BasketTicket,
  basketTicketSchemas,
  type MjsBasketTicket,
  NewBasketTicketSchema,
  type StlBasketTicket,
} from "@/src/domain/tickets/basket-ticket";
import { basket as basketMessages } from "@/src/lib/messages";
import { addToBasket, basketSnapshot, removeFromBasket, updateBasketTicket } from "./basket-store";

/**
 * `window.basket` (spec section 3, DESIGN section 5): the basket for scripts on the page (CMS embeds,
 * partner widgets, tag manager). It validates with zod, so entry.client loads it as its own chunk after
 * hydration starts, and it works on the same store as the components. Getters hand out copies, so a
 * script cannot change the basket behind the store's back.
 */
export type WindowBasket = {
  getAllTickets(): BasketTicket[];
  getClassicTickets(): StlBasketTicket[];
  getMillionGameTickets(): MjsBasketTicket[];
  /** Single-ticket units in the basket (spec section 9). */
  getTicketQuantity(): number;
  /** Units still free under the limit of 100. */
  getRemainingTicketSpace(): number;
  /** False when no item has this id. */
  removeTicket(basketItemId: string): boolean;
  /**
   * True when added (or merged), false when over the limit (the player then sees the error flash).
   * @throws Error('Not a valid ticket') when the ticket does not match the basket ticket schema.
   */
  addTicket(ticket: unknown): boolean;
  /**
   * True when updated (quantity 0 removes the item), false when over the limit.
   * @throws Error('Ticket not found in basket'), then Error('Not a valid ticket').
   */
  updateTicket(basketItemId: string, data: unknown): boolean;
};

declare global {
  interface Window {
    basket?: WindowBasket;
  }
}

/** The zod check an updated ticket must pass: the schema of the kind it already was (spec section 4). */
export const validateBasketTicket: TicketValidator = (candidate, kind) => {
  const parsed = basketTicketSchemas[kind].safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
};

function copies(): BasketTicket[] {
  return structuredClone([...basketSnapshot()]);
}

export function createWindowBasket(): WindowBasket {
  return {
    getAllTickets: copies,
    getClassicTickets: () => copies().filter((ticket) => ticket._type === "StlBasketTicket"),
    getMillionGameTickets: () => copies().filter((ticket) => ticket._type === "MjsBasketTicket"),
    getTicketQuantity: () => totalUnits(basketSnapshot()),
    getRemainingTicketSpace: () => remainingUnits(basketSnapshot()),
    removeTicket: (basketItemId) => removeFromBasket(String(basketItemId)),
    addTicket(ticket) {
      const parsed = NewBasketTicketSchema.safeParse(ticket);
      if (!parsed.success) throw new Error(basketMessages.notAValidTicket);
      return addToBasket(parsed.data) === "added";
    },
    updateTicket: (basketItemId, data) =>
      updateBasketTicket(String(basketItemId), data, validateBasketTicket) === "updated",
  };
}

/** Announced on `window` when `window.basket` is there, for page scripts that started before it. */
export const BASKET_READY_EVENT = "kl:basket-ready";

/** Puts the basket on `window` once; entry.client calls this once the page has hydrated. */
export function installWindowBasket(): WindowBasket {
  if (!window.basket) {
    window.basket = createWindowBasket();
    window.dispatchEvent(new Event(BASKET_READY_EVENT));
  }
  return window.basket;
}
