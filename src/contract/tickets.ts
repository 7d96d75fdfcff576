import { z } from "zod";
import { CheckoutPaymentMethodSchema } from "@/src/domain/payments/payment-method";
import {
  BasketTicketSchema,
  EndDigitsPairSchema,
  StlBasketTicketSchema,
} from "@/src/domain/tickets/basket-ticket";
import {
  BASKET_UNIT_LIMIT,
  FRACTIONS,
  INLINE_QUANTITY_LIMIT,
  MULTIPLIERS,
  PRODUCT_TYPES,
} from "@/src/domain/tickets/catalogue";
import { TICKET_NUMBER } from "@/src/domain/tickets/ticket-letters";
import { ticketMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";
import { DrawKindSchema } from "./draws";
import { boundedInt, cents, drawIdField } from "./fields";

/**
 * Tickets, basket and checkout (spec sections 3, 5, 7 and 9). Prices come from the server only: every
 * price a client sends is ignored and recomputed. Validation texts come from the message catalogue
 * because forms show them.
 */
const quantityMessage = ticketMessages.quantity(INLINE_QUANTITY_LIMIT);

export const PageIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(80);
const pageParams = z.object({ pageId: PageIdSchema });
const iso = z.iso.datetime({ offset: true });

export const FractionSchema = z.enum(FRACTIONS);
export const ProductTypeSchema = z.enum(PRODUCT_TYPES);

export const PriceLineSchema = z.object({
  productId: z.string(),
  productType: ProductTypeSchema,
  fraction: FractionSchema,
  /** Numbers in one ticket of this product: 1, 10 or 100. */
  units: z.number().int().positive(),
  pricePerTicketInCents: cents,
  pricePerTicketWithAddOnInCents: cents,
});

export const SaleDrawSchema = z.object({
  drawId: drawIdField(),
  kind: DrawKindSchema,
  name: z.string(),
  drawDate: iso,
  salesCloseDateTime: iso,
  jackpotInCents: cents,
  fractions: z.array(FractionSchema),
  prices: z.array(PriceLineSchema),
});
export type SaleDraw = z.infer<typeof SaleDrawSchema>;

export const PriceDetailsSchema = z.object({
  pageId: z.string(),
  draws: z.array(SaleDrawSchema),
  multipliers: z.array(z.number().int().positive()),
  maxQuantity: z.number().int().positive(),
  basketUnitLimit: z.number().int().positive(),
  /** The next million-game draw on sale, or null when none is open. */
  millionGame: z
    .object({
      drawId: drawIdField(),
      name: z.string(),
      drawDate: iso,
      salesCloseDateTime: iso,
      jackpotInCents: cents,
      pricePerTicketInCents: cents,
    })
    .nullable(),
});
export type PriceDetails = z.infer<typeof PriceDetailsSchema>;

/** A ticket as the configurator (or an affiliate link) describes it: no prices, no basket id. */
export const ConfiguredTicketSchema = z.object({
  drawId: drawIdField(ticketMessages.draw),
  productType: z.enum(PRODUCT_TYPES, { error: ticketMessages.product }),
  fraction: z.enum(FRACTIONS, { error: ticketMessages.fraction }),
  withXl: z.boolean().default(false),
  quantity: z
    .number({ error: quantityMessage })
    .int(quantityMessage)
    .min(1, quantityMessage)
    .max(INLINE_QUANTITY_LIMIT, quantityMessage),
  multiplier: boundedInt(MULTIPLIERS[0], MULTIPLIERS[MULTIPLIERS.length - 1], ticketMessages.multiplier)
    .refine((value) => (MULTIPLIERS as readonly number[]).includes(value), ticketMessages.multiplier)
    .default(1),
  endDigits: z
    .array(EndDigitsPairSchema, { error: ticketMessages.endDigits })
    .max(INLINE_QUANTITY_LIMIT)
    .default([]),
  isUpsell: z.boolean().default(false),
});
export type ConfiguredTicket = z.infer<typeof ConfiguredTicketSchema>;

export const BasketSchema = z.object({ tickets: z.array(BasketTicketSchema).max(BASKET_UNIT_LIMIT) });

export const BasketItemStatusSchema = z.enum(["ok", "expired", "priceChanged", "unavailable"]);
export type BasketItemStatus = z.infer<typeof BasketItemStatusSchema>;

export const VerifiedBasketSchema = z.object({
  /** True when every item can be bought as it is. */
  valid: z.boolean(),
  items: z.array(
    z.object({
      basketItemId: z.string(),
      status: BasketItemStatusSchema,
      /** The draw the item is for, when it exists. */
      draw: z.object({ name: z.string(), drawDate: iso }).nullable(),
      /** The item with the server's prices and closing time; null when it cannot be bought at all. */
      ticket: BasketTicketSchema.nullable(),
      lineTotalInCents: cents,
    }),
  ),
  totalInCents: cents,
  units: z.number().int().nonnegative(),
});
export type VerifiedBasket = z.infer<typeof VerifiedBasketSchema>;

const transactionId = z.uuid();
const paymentChoice = {
  /** `balance` pays from the wallet when it covers the whole order: paid at once, no payment page. */
  paymentMethod: CheckoutPaymentMethodSchema,
  /** The iDEAL bank, chosen in the shop or at the payment page. */
  issuer: z.string().max(40).optional(),
};

export const OrderStatusSchema = z.enum(["pending", "paid", "cancelled", "failed", "expired"]);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const CheckoutStartedSchema = z.object({
  transactionId,
  status: OrderStatusSchema,
  totalInCents: cents,
  /** Where the browser goes to pay. */
  redirectUrl: z.string(),
});

export const PURCHASE_TYPES = [
  "Online",
  "Retail",
  "Subscription",
  "OneTimePlay",
  "TrialSubscription",
] as const;
export const PurchaseTypeSchema = z.enum(PURCHASE_TYPES);

export const IssuedTicketSchema = z.object({
  drawId: drawIdField(),
  number: z.string().regex(TICKET_NUMBER),
  productType: z.enum([...PRODUCT_TYPES, "MillionGame"]),
  fraction: FractionSchema,
  withXl: z.boolean(),
  multiplier: z.number().int().positive(),
  purchaseType: PurchaseTypeSchema,
  /** Tickets bought together as a street or boulevard share a group. */
  group: z.number().int().nonnegative(),
});
export type IssuedTicket = z.infer<typeof IssuedTicketSchema>;

export const OrderResultSchema = z.object({
  transactionId,
  status: OrderStatusSchema,
  totalInCents: cents,
  draws: z.array(z.object({ drawId: drawIdField(), name: z.string(), drawDate: iso })),
  tickets: z.array(IssuedTicketSchema),
  /** Campaign offers applied to the order (issue 18): what each added to the total and saved the player. */
  adjustments: z.array(
    z.object({ label: z.string(), amountInCents: z.number().int(), discountInCents: cents }),
  ),
  /**
   * A gift's order (issue 17): the giver's store that still holds the gift and its page, so a payment that
   * did not go through returns the giver to the gift, not to the basket (issue 40).
   */
  gift: z
    .object({
      storeId: z.uuid(),
      pageId: PageIdSchema,
      /** Whom the gift is for and the day their e-mail goes out (issue 43: the gift's confirmation). */
      recipientName: z.string().optional(),
      sendOn: z.iso.date().optional(),
      drawName: z.string().optional(),
    })
    .optional(),
  /**
   * What the confirmation shows (issue 43): the order number, how it was paid and when it was ordered.
   * Optional, as an operator's API may not send them; the page shows what it gets.
   */
  orderNumber: z.string().optional(),
  paymentMethod: CheckoutPaymentMethodSchema.optional(),
  orderedAt: iso.optional(),
});
export type OrderResult = z.infer<typeof OrderResultSchema>;

export const getPriceDetails = defineEndpoint({
  method: "GET",
  path: "/api/tickets/{pageId}/configurator/price-details",
  summary: "Products, fractions, prices and the draws on sale for a configurator",
  slice: "tickets",
  backend: "shop",
  auth: "none",
  params: pageParams,
  response: PriceDetailsSchema,
  errors: { 400: [] },
});

export const verifyConfiguredTicket = defineEndpoint({
  method: "POST",
  path: "/api/tickets/verify/{pageId}",
  summary: "Checks a configured ticket and returns it as a basket ticket with the server's prices",
  slice: "tickets",
  backend: "shop",
  auth: "none",
  params: pageParams,
  body: ConfiguredTicketSchema,
  response: z.object({ ticket: StlBasketTicketSchema, totalInCents: cents }),
  errors: { 400: [], 422: [] },
});

export const verifyBasket = defineEndpoint({
  method: "POST",
  path: "/api/basket/verify",
  summary: "Checks every basket item against open draws and current prices",
  slice: "basket",
  backend: "shop",
  auth: "none",
  body: BasketSchema,
  response: VerifiedBasketSchema,
  errors: { 400: [] },
});

export const verifyExternalTickets = defineEndpoint({
  method: "POST",
  path: "/api/basket/external/verify",
  summary: "Turns tickets described by a partner or a link into basket tickets",
  slice: "basket",
  backend: "shop",
  auth: "none",
  body: z
    .object({
      tickets: z.array(ConfiguredTicketSchema).max(10).default([]),
      millionGame: z.object({ quantity: z.number().int().min(1).max(BASKET_UNIT_LIMIT) }).optional(),
    })
    .refine((body) => body.tickets.length > 0 || body.millionGame !== undefined, {
      path: ["tickets"],
      message: "Describe at least one ticket or a million-game quantity",
    }),
  response: z.object({ tickets: z.array(BasketTicketSchema) }),
  errors: { 400: [], 422: [] },
});

export const buyConfiguredTicket = defineEndpoint({
  method: "POST",
  path: "/api/tickets/{pageId}",
  summary: "Orders a configured ticket directly (the inline flow, at most 20) and starts its payment",
  slice: "tickets",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({ transactionId, ticket: ConfiguredTicketSchema, ...paymentChoice }),
  response: CheckoutStartedSchema,
  errors: {
    400: [],
    401: [],
    403: ["AgeValidationRequiredError"],
    409: ["TransactionAlreadyProcessedError", "TransactionRolledbackError"],
    422: ["InsufficientBalanceError"],
  },
});

export const storeBasket = defineEndpoint({
  method: "POST",
  path: "/api/tickets/store",
  summary: "Stores the basket as an order under its transaction id (idempotent) and starts its payment",
  slice: "tickets",
  backend: "shop",
  auth: "player",
  body: z.object({
    transactionId,
    tickets: z.array(BasketTicketSchema).min(1).max(BASKET_UNIT_LIMIT),
    ...paymentChoice,
  }),
  response: CheckoutStartedSchema,
  errors: {
    400: [],
    401: [],
    403: ["AgeValidationRequiredError"],
    409: ["TransactionAlreadyProcessedError", "TransactionRolledbackError", "VoucherCodeAlreadyClaimedError"],
    422: ["BasketItemInvalidError", "InsufficientBalanceError"],
  },
});

export const continueOrder = defineEndpoint({
  method: "POST",
  path: "/api/tickets/{pageId}/continue",
  summary: "The state of an order after the payment page: its tickets once paid",
  slice: "tickets",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({ transactionId }),
  response: OrderResultSchema,
  errors: { 400: [], 401: [], 404: [] },
});

export const ParticipationsSchema = z.object({
  draws: z.array(
    z.object({
      drawId: drawIdField(),
      name: z.string(),
      drawDate: iso,
      gameType: z.enum(["KROON", "MILJOENENSPEL"]),
      /** True once the draw's result is published; the tickets then carry what they won. */
      resultPublished: z.boolean(),
      tickets: z.array(
        IssuedTicketSchema.extend({
          prizeInCents: z.number().int().nonnegative().optional(),
          /** How the prize was paid (issue 16, item 5): into the wallet, or to claim with customer service. */
          payout: z.enum(["credited", "claim"]).optional(),
          /**
           * A subscription's ticket whose collection failed and is not paid yet (issue 40): marked on
           * /mijn/loten until the player pays what the subscription owes.
           */
          unpaid: z.literal(true).optional(),
          /** A gift ticket the player redeemed (issue 43): shown as a gift, not as an online purchase. */
          gift: z.literal(true).optional(),
        }),
      ),
    }),
  ),
});
export type Participations = z.infer<typeof ParticipationsSchema>;

export const getParticipations = defineEndpoint({
  method: "GET",
  path: "/api/participations",
  summary: "The logged-in player's tickets per draw, newest draw first",
  slice: "tickets",
  backend: "shop",
  auth: "player",
  response: ParticipationsSchema,
  errors: { 401: [] },
});

/** Every endpoint of this slice, in the order the router tries them; `registry.ts` collects the slices. */
export const ticketEndpoints = [
  getPriceDetails,
  verifyConfiguredTicket,
  verifyBasket,
  verifyExternalTickets,
  buyConfiguredTicket,
  storeBasket,
  continueOrder,
  getParticipations,
] as const;
