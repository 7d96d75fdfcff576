import { BASKET_UNIT_LIMIT, MILLION_GAME_PRICE_CENTS } from "../catalogue";
import { readInteger, readText, writeText } from "./cookie-fields";
import type { MjsBasketTicket } from "./million-game-schema";
import { centsToEuros, MAX_DRAW_ID, type TicketKind } from "./ticket-kind";

/**
 * The million-game ticket (`MjsBasketTicket`, spec sections 3, 4 and 9): one fixed product per draw, so
 * it has no product id, fraction or add-on. Its schema: million-game-schema.ts.
 */
export const millionGameKind: TicketKind<MjsBasketTicket> = {
  type: "MjsBasketTicket",

  /** Spec section 4: the same draw. */
  matches: (existing, incoming) => existing.drawId === incoming.drawId,

  merge: (existing, incoming) => ({ ...existing, quantity: existing.quantity + incoming.quantity }),

  /** A million-game ticket counts as one single ticket (spec section 9). */
  units: (ticket) => ticket.quantity,

  lineTotal: (ticket) => ticket.quantity * MILLION_GAME_PRICE_CENTS,

  /** It carries no closing time; the server refuses it once the draw's sale closed. */
  saleClosed: () => false,

  fitUpdate: (candidate) => candidate,

  replacesLine: () => false,

  /** Fixed values where a classic ticket has its product and fraction. */
  analyticsItem: (ticket, quantity) => ({
    item_id: "MJS",
    item_name: "Miljoenenspel",
    item_category: "MillionGame",
    item_variant: "WHOLE",
    price: centsToEuros(MILLION_GAME_PRICE_CENTS),
    quantity,
    firstDrawId: ticket.drawId,
    withXl: false,
  }),

  cookie: {
    tag: "m",
    encode: (ticket) => [writeText(ticket.basketItemId), ticket.quantity, ticket.drawId],
    decode(fields) {
      if (fields.length !== 3) return undefined;
      const basketItemId = readText(fields[0]);
      const quantity = readInteger(fields[1], 1, BASKET_UNIT_LIMIT);
      const drawId = readInteger(fields[2], 1, MAX_DRAW_ID);
      if (basketItemId === undefined || quantity === undefined || drawId === undefined) return undefined;
      return { _type: "MjsBasketTicket", basketItemId, quantity, drawId };
    },
  },
};
