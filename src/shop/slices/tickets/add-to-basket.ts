import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";

/**
 * Puts a ticket in the player's basket: "overLimit" when it would pass the basket's limit (the basket shows
 * why and changes nothing). The page passes the basket's own function in, so the ticket forms do not reach
 * into another feature (decision 11).
 */
export type AddToBasket = (ticket: BasketTicket) => "added" | "overLimit";
