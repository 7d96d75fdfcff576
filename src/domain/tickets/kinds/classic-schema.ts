import { z } from "zod";
import { BASKET_UNIT_LIMIT, FRACTIONS, MULTIPLIERS, PRODUCT_TYPES, UNCHOSEN_DIGIT } from "../catalogue";
import { BasketItemIdSchema, DrawIdSchema, PriceInCentsSchema, TicketQuantitySchema } from "./base-schema";
import { MAX_TEXT_LENGTH } from "./ticket-kind";

/**
 * The classic lottery ticket (`StlBasketTicket`, spec sections 3 and 5). Prices in it are for display
 * only; the server always computes its own.
 */

const digit = z.number().int().min(UNCHOSEN_DIGIT).max(9);
/** Exactly two items, each -1 to 9 (-1: not chosen). */
export const EndDigitsPairSchema = z.tuple([digit, digit]);
export type EndDigitsPair = z.infer<typeof EndDigitsPairSchema>;

const StlBasketTicketFields = z.object({
  _type: z.literal("StlBasketTicket"),
  basketItemId: BasketItemIdSchema,
  quantity: TicketQuantitySchema,
  productId: z.string().min(1).max(MAX_TEXT_LENGTH),
  drawId: DrawIdSchema,
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
  pricePerTicketInCents: PriceInCentsSchema,
  pricePerTicketWithAddOnInCents: PriceInCentsSchema.optional(),
  fraction: z.enum(FRACTIONS),
  /** Derived from `fraction`; whatever a caller sends is replaced. */
  isFractional: z.boolean().optional(),
  firstDrawId: DrawIdSchema,
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
export type StlBasketTicket = z.output<typeof StlBasketTicketSchema>;

/** As `addTicket` accepts it: the item id may be missing (empty: the basket generates one). */
export const NewStlBasketTicketSchema = finishClassic(
  StlBasketTicketFields.extend({ basketItemId: BasketItemIdSchema.optional() }).transform((ticket) => ({
    ...ticket,
    basketItemId: ticket.basketItemId ?? "",
  })),
);
