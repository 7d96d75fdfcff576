import { z } from "zod";
import { NewStlBasketTicketSchema, StlBasketTicketSchema } from "./kinds/classic-schema";
import { MjsBasketTicketSchema, NewMjsBasketTicketSchema } from "./kinds/million-game-schema";

/**
 * Basket tickets (spec sections 3 and 5) as zod: the browser validates a ticket with these before it is
 * added, and the server parses every basket it is sent with them. Each kind's schema lives beside its
 * behaviour in `kinds/`; this module is where code outside `domain/tickets` gets them. Prices in a
 * basket ticket are for display only; the server always computes its own.
 */

export {
  type EndDigitsPair,
  EndDigitsPairSchema,
  type StlBasketTicket,
  StlBasketTicketSchema,
} from "./kinds/classic-schema";
export { type MjsBasketTicket, MjsBasketTicketSchema } from "./kinds/million-game-schema";

/** Told apart by `_type`, so a problem in an item is reported at its field, not as the whole item. */
export const BasketTicketSchema = z.discriminatedUnion("_type", [
  StlBasketTicketSchema,
  MjsBasketTicketSchema,
]);
export type BasketTicket = z.output<typeof BasketTicketSchema>;

/** A ticket as `addTicket` accepts it: the item id may be missing (empty: the basket generates one). */
export const NewBasketTicketSchema = z.discriminatedUnion("_type", [
  NewStlBasketTicketSchema,
  NewMjsBasketTicketSchema,
]);

/** Each kind's schema, for checking that an updated item is still a valid ticket of its own kind. */
export const basketTicketSchemas = {
  StlBasketTicket: StlBasketTicketSchema,
  MjsBasketTicket: MjsBasketTicketSchema,
} satisfies { [Type in BasketTicket["_type"]]: z.ZodType<Extract<BasketTicket, { _type: Type }>> };
