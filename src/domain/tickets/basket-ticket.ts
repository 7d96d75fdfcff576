import { z } from "zod";
import { BASKET_UNIT_LIMIT, FRACTIONS, MULTIPLIERS, PRODUCT_TYPES, UNCHOSEN_DIGIT } from "./catalogue";

/**
 * Basket tickets (spec sections 3 and 5) as zod: the browser validates a ticket with these before it is
 * added, and the server parses every basket it is sent with them. Prices in a basket ticket are for
 * display only; the server always computes its own.
 */

const digit = z.number().int().min(UNCHOSEN_DIGIT).max(9);
/** Exactly two items, each -1 to 9 (-1: not chosen). */
export const EndDigitsPairSchema = z.tuple([digit, digit]);
export type EndDigitsPair = z.infer<typeof EndDigitsPairSchema>;

const basketItemId = z.string().min(1).max(64);
const drawId = z.number().int().positive().max(999_999);
const quantity = z.number().int().min(1).max(BASKET_UNIT_LIMIT);

const StlBasketTicketFields = z.object({
  _type: z.literal("StlBasketTicket"),
  basketItemId,
  quantity,
  productId: z.string().min(1).max(64),
  drawId,
  productType: z.enum(PRODUCT_TYPES),
  multiplier: z
    .number()
    .int()
    .min(MULTIPLIERS[0])
    .max(MULTIPLIERS[MULTIPLIERS.length - 1]!),
  withXl: z.boolean(),
  expireDateTime: z.iso.datetime({ offset: true }),
  isUpsell: z.boolean(),
  /** One pair per ticket at most; tickets without a pair get random digits. */
  endDigits: z.array(EndDigitsPairSchema).max(BASKET_UNIT_LIMIT),
  pricePerTicketInCents: z.number().int().nonnegative(),
  pricePerTicketWithAddOnInCents: z.number().int().nonnegative().optional(),
  fraction: z.enum(FRACTIONS),
  /** Derived from `fraction`; whatever a caller sends is replaced. */
  isFractional: z.boolean().optional(),
  firstDrawId: drawId,
});

type StlFields = z.output<typeof StlBasketTicketFields>;

function finishClassic<T extends z.ZodType<StlFields>>(schema: T) {
  return schema
    .refine((ticket) => ticket.endDigits.length <= ticket.quantity, {
      message: "More end digits than tickets",
      path: ["endDigits"],
    })
    .transform((ticket) => ({ ...ticket, isFractional: ticket.fraction !== "WHOLE" }));
}

export const StlBasketTicketSchema = finishClassic(StlBasketTicketFields);

export const MjsBasketTicketSchema = z.object({
  _type: z.literal("MjsBasketTicket"),
  basketItemId,
  quantity,
  drawId,
});

export const BasketTicketSchema = z.union([StlBasketTicketSchema, MjsBasketTicketSchema]);

export type StlBasketTicket = z.output<typeof StlBasketTicketSchema>;
export type MjsBasketTicket = z.output<typeof MjsBasketTicketSchema>;
export type BasketTicket = StlBasketTicket | MjsBasketTicket;

/** A ticket as `addTicket` accepts it: the item id may be missing (empty: the basket generates one). */
export const NewBasketTicketSchema = z.union([
  finishClassic(
    StlBasketTicketFields.extend({ basketItemId: basketItemId.optional() }).transform((ticket) => ({
      ...ticket,
      basketItemId: ticket.basketItemId ?? "",
    })),
  ),
  MjsBasketTicketSchema.extend({ basketItemId: basketItemId.optional() }),
]);
