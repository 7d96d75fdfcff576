import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";

/**
 * What one kind of campaign offer (issue 18) says for the server to price it against a basket: the offer
 * is a basket-level adjustment, never a price a browser sends. A kind is a module in this folder with its
 * schema, and `registry.ts` lists it.
 */

/** What the server knows when it prices an offer. */
export type OfferContext = {
  /** What the basket's tickets cost at the server's prices (0: no tickets). */
  basketTotalInCents: number;
  /** True while the player has no paid order. */
  firstOrder: boolean;
  /** The million-game draw on sale, if one is. */
  millionGameDrawId?: number;
};

export type PricedOffer =
  | {
      status: "applies";
      /** What the offer adds to the order's total: negative for a discount, the offer's price for its lines. */
      amountInCents: number;
      /** What the player saves compared with the normal price. */
      discountInCents: number;
      /** Tickets the offer adds to the order (issued with it). */
      lines: BasketTicket[];
    }
  | { status: "notQualified"; reason: string };

// Method syntax on purpose: it lets the registry hold kinds of different offers side by side.
export type OfferKind<T extends { kind: string }> = {
  kind: T["kind"];
  /** What the player is offered, in Dutch. */
  describe(offer: T): string;
  price(offer: T, context: OfferContext): PricedOffer;
};
