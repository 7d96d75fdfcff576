import { z } from "zod";
import { BasketItemIdSchema, DrawIdSchema, TicketQuantitySchema } from "./base-schema";

/** The million-game ticket (`MjsBasketTicket`, spec section 3): a draw and a quantity, at a fixed price. */
export const MjsBasketTicketSchema = z.object({
  _type: z.literal("MjsBasketTicket"),
  basketItemId: BasketItemIdSchema,
  quantity: TicketQuantitySchema,
  drawId: DrawIdSchema,
});
export type MjsBasketTicket = z.output<typeof MjsBasketTicketSchema>;

/** As `addTicket` accepts it: the item id may be missing (empty: the basket generates one). */
export const NewMjsBasketTicketSchema = MjsBasketTicketSchema.extend({
  basketItemId: BasketItemIdSchema.optional(),
}).transform((ticket) => ({ ...ticket, basketItemId: ticket.basketItemId ?? "" }));
