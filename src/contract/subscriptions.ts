import { z } from "zod";
import {
  ACCOUNT_HOLDER_MAX,
  ALL_MONTHS,
  MAX_SUBSCRIPTION_QUANTITY,
  MIN_PARTICIPATING_MONTHS,
  SUBSCRIPTION_FRACTIONS,
} from "@/src/domain/subscriptions/plan";
import { EndDigitsPairSchema } from "@/src/domain/tickets/basket-ticket";
import { MULTIPLIERS, PRODUCT_TYPES } from "@/src/domain/tickets/catalogue";
import { subscriptionMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";
import { boundedInt, cents, drawIdField, drawIdParam } from "./fields";
import { IssuedTicketSchema, OrderStatusSchema, PageIdSchema, ProductTypeSchema } from "./tickets";

/**
 * Subscriptions, part 1 (spec sections 3, 7 and 8): the form's catalogue and prices, checking a choice,
 * taking out a subscription with a direct-debit mandate and a first iDEAL payment, the sign-up
 * sweepstake, and the player's subscriptions. Prices always come from the server; whatever a client
 * sends about money is not read. Shape problems are 400; choices the shop cannot sell are 422 with the
 * field and its Dutch message (from the catalogue, because the form shows them).
 */

const iso = z.iso.datetime({ offset: true });
const pageParams = z.object({ pageId: PageIdSchema });
const transactionId = z.uuid();
/** Numeric ids, as `/mijn/abonnement/{subscription}/aanpassen` has them; bigint columns. */
export const recordId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const recordIdParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A promotion id as editors give them in the CMS: a lowercase slug; anything else is no page's promotion. */
const OfferIdSchema = z
  .string({ error: subscriptionMessages.promotion })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, subscriptionMessages.promotion)
  .max(80, subscriptionMessages.promotion);

export const GameTypeSchema = z.enum(["KROON", "MILJOENENSPEL"]);
export const SubscriptionFractionSchema = z.enum(SUBSCRIPTION_FRACTIONS);
export const SubscriptionStatusSchema = z.enum(["active", "locked", "cancelled"]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;
export const SubscriptionPurchaseTypeSchema = z.enum(["Subscription", "TrialSubscription"]);
/** A collection's purchase type: a draw upsell's own collection is `OneTimePlay` (`Extra deelname`). */
export const CollectionPurchaseTypeSchema = z.enum(["Subscription", "TrialSubscription", "OneTimePlay"]);

const quantityMessage = subscriptionMessages.quantity(MAX_SUBSCRIPTION_QUANTITY);
const monthsMessage = subscriptionMessages.months(MIN_PARTICIPATING_MONTHS);

/** Months (1-12) an item plays in: no month twice, at least the minimum. */
export const ParticipatingMonthsSchema = z
  .array(boundedInt(1, 12, monthsMessage), { error: monthsMessage })
  .min(MIN_PARTICIPATING_MONTHS, monthsMessage)
  .max(12, monthsMessage)
  .refine((months) => new Set(months).size === months.length, monthsMessage);

/** The form's choice (spec section 7's endDigits, quantity, withXl and chosenPromotionId, and the rest of an item). */
export const SubscriptionChoiceSchema = z.object({
  productType: z.enum(PRODUCT_TYPES, { error: subscriptionMessages.product }),
  fractionType: z.enum(SUBSCRIPTION_FRACTIONS, { error: subscriptionMessages.fraction }),
  withXl: z.boolean().default(false),
  quantity: boundedInt(1, MAX_SUBSCRIPTION_QUANTITY, quantityMessage),
  /** One pair per item at most; only a single ticket may choose digits (422 otherwise). */
  endDigits: z
    .array(EndDigitsPairSchema, { error: subscriptionMessages.endDigits })
    .max(MAX_SUBSCRIPTION_QUANTITY, subscriptionMessages.tooManyEndDigits)
    .default([]),
  multiplier: boundedInt(MULTIPLIERS[0], MULTIPLIERS[MULTIPLIERS.length - 1], subscriptionMessages.multiplier)
    .refine((value) => (MULTIPLIERS as readonly number[]).includes(value), subscriptionMessages.multiplier)
    .default(1),
  withFixedTicketNumber: z.boolean().default(false),
  participatingMonths: ParticipatingMonthsSchema.default([...ALL_MONTHS]),
  /** A promotion the editor attached to the page's form block; any other id is refused (422). */
  chosenPromotionId: OfferIdSchema.optional(),
  /**
   * The campaign page whose activated trial subscription (issue 18) the player takes out with this form: its
   * promotion replaces the page's, and the activation is used when the first payment is paid. Needs a login.
   */
  actionPageId: PageIdSchema.optional(),
});
export type SubscriptionChoice = z.infer<typeof SubscriptionChoiceSchema>;

/** One product of the subscription catalogue, priced for one regular draw. */
export const SubscriptionProductSchema = z.object({
  productId: z.string(),
  gameType: GameTypeSchema,
  productType: ProductTypeSchema,
  fractionType: SubscriptionFractionSchema,
  /** Numbers in one item of this product: 1, 10 or 100. */
  units: z.number().int().positive(),
  pricePerDrawInCents: cents,
  pricePerDrawWithXlInCents: cents,
});
export type SubscriptionProduct = z.infer<typeof SubscriptionProductSchema>;

export const DrawRefSchema = z.object({
  drawId: drawIdField(),
  name: z.string(),
  drawDate: iso,
  salesCloseDateTime: iso,
});
export type DrawRef = z.infer<typeof DrawRefSchema>;

export const PromotionSchema = z.object({
  id: z.string(),
  label: z.string(),
  draws: z.number().int().positive(),
  discountPercent: z.number().int().min(1).max(100),
  trial: z.boolean(),
});

export const SweepstakeInfoSchema = z.object({
  id: z.string(),
  prizeText: z.string(),
  numberOfPrizes: z.number().int().positive(),
  endDate: iso,
  /** False once it ended: sign-ups no longer enter it. */
  open: z.boolean(),
});

export const SubscriptionPriceDetailsSchema = z.object({
  pageId: z.string(),
  products: z.array(SubscriptionProductSchema),
  multipliers: z.array(z.number().int().positive()),
  maxQuantity: z.number().int().positive(),
  months: z.array(z.number().int().min(1).max(12)),
  minParticipatingMonths: z.number().int().positive(),
  /** The first regular draw a subscription taken out now plays in; null when none is on sale. */
  firstDraw: DrawRefSchema.nullable(),
  promotion: PromotionSchema.nullable(),
  sweepstake: SweepstakeInfoSchema.nullable(),
});
export type SubscriptionPriceDetails = z.infer<typeof SubscriptionPriceDetailsSchema>;

/** An item as the verify call prices it. */
export const QuotedItemSchema = z.object({
  productType: ProductTypeSchema,
  fractionType: SubscriptionFractionSchema,
  withXl: z.boolean(),
  endDigits: EndDigitsPairSchema.nullable(),
  withFixedTicketNumber: z.boolean(),
  participatingMonths: z.array(z.number().int().min(1).max(12)),
  multiplier: z.number().int().positive(),
  pricePerDrawInCents: cents,
});

export const ScheduledDrawSchema = z.object({
  drawId: drawIdField(),
  name: z.string(),
  drawDate: iso,
  amountInCents: cents,
  purchaseType: SubscriptionPurchaseTypeSchema,
});

/** What a choice costs and from when it plays: the answer of the verify call (nothing is stored). */
export const SubscriptionQuoteSchema = z.object({
  pageId: z.string(),
  items: z.array(QuotedItemSchema),
  /** A month in which every item plays, at the normal price. */
  monthlyAmountInCents: cents,
  firstDraw: DrawRefSchema,
  /** Paid by iDEAL when taking it out: the first draw's collection (promotion applied). */
  firstAmountInCents: cents,
  promotion: PromotionSchema.nullable(),
  /** The next draws it plays in, with what is collected for each. */
  schedule: z.array(ScheduledDrawSchema),
  /**
   * The id of the mandate the player signs when taking it out under the `transactionId` sent (the
   * subscription keeps it), so the form can show it before anything is stored; null without one.
   */
  mandateId: z.string().nullable(),
});
export type SubscriptionQuote = z.infer<typeof SubscriptionQuoteSchema>;

export const SubscriptionSignUpSchema = SubscriptionChoiceSchema.extend({
  transactionId,
  /**
   * The account the mandate collects from; Dutch only. The profile's IBAN as getProfile shows it (masked,
   * `**************4300`) stands for the player's IBAN on file, so the form can fill it in.
   */
  iban: z.string({ error: subscriptionMessages.iban }).max(64, subscriptionMessages.iban),
  accountHolder: z
    .string()
    .trim()
    .min(1, subscriptionMessages.accountHolder)
    .max(ACCOUNT_HOLDER_MAX, subscriptionMessages.accountHolderTooLong(ACCOUNT_HOLDER_MAX)),
  /** The player accepted the direct-debit mandate shown on the form. */
  mandateAccepted: z.literal(true, { error: subscriptionMessages.mandate }),
  /** The iDEAL bank of the first payment, chosen in the shop or on the payment page. */
  issuer: z.string({ error: subscriptionMessages.issuer }).max(40, subscriptionMessages.issuer).optional(),
});
export type SubscriptionSignUp = z.infer<typeof SubscriptionSignUpSchema>;

export const SubscriptionSignUpStartedSchema = z.object({
  transactionId,
  status: OrderStatusSchema,
  firstAmountInCents: cents,
  /** Where the browser goes to pay the first amount. */
  redirectUrl: z.string(),
});

export const SubscriptionItemSchema = QuotedItemSchema.extend({
  id: recordId,
  subscriptionId: recordId,
  /** The number it plays every draw (a street's or boulevard's first), when fixed and known. */
  fixedNumber: z.string().nullable(),
});
export type SubscriptionItem = z.infer<typeof SubscriptionItemSchema>;

export const CollectionSchema = z.object({
  drawId: drawIdField(),
  drawName: z.string(),
  drawDate: iso,
  amountInCents: cents,
  method: z.enum(["ideal", "directDebit"]),
  state: z.enum(["pending", "submitted", "paid", "failed"]),
  purchaseType: CollectionPurchaseTypeSchema,
});

export const SubscriptionSummarySchema = z.object({
  id: recordId,
  status: SubscriptionStatusSchema,
  pageId: z.string(),
  startedAt: iso,
  startDraw: z.object({ drawId: drawIdField(), name: z.string(), drawDate: iso }),
  monthlyAmountInCents: cents,
  mandate: z.object({
    /** Only the last four characters are shown. */
    ibanMasked: z.string(),
    accountHolder: z.string(),
    mandateId: z.string(),
    signedAt: iso,
  }),
  promotion: PromotionSchema.extend({ drawsLeft: z.number().int().nonnegative() }).nullable(),
  /** The next draw it plays in, and what is collected for it; null when paused or cancelled. */
  nextDraw: ScheduledDrawSchema.nullable(),
  items: z.array(SubscriptionItemSchema),
  /** The last collections, newest first. */
  collections: z.array(CollectionSchema),
  /** What failed collections leave unpaid (issue 40): paid with "Nu betalen", it unlocks the subscription. */
  outstandingInCents: cents,
  /** False for one taken out by phone or in a shop: it is cancelled through customer service. */
  cancelableOnline: z.boolean(),
  cancelledAt: iso.nullable(),
  /** Once cancelled: the last draw it plays in; null when it played none. */
  lastDraw: z.object({ drawId: drawIdField(), name: z.string(), drawDate: iso }).nullable(),
  /** A pause the player accepted instead of cancelling: no draws from `from` to `until` (both included). */
  pause: z.object({ from: iso, until: iso }).nullable(),
  /** Retention discounts the player accepted, with the draws they still apply to. */
  discounts: z.array(
    z.object({
      label: z.string(),
      discountPercent: z.number().int().min(1).max(100),
      draws: z.number().int().positive(),
      drawsLeft: z.number().int().nonnegative(),
      /** The last draw it still applies to (issue 43: the card says until when); null when none is left or known. */
      lastDraw: z.object({ drawId: drawIdField(), name: z.string(), drawDate: iso }).nullable(),
    }),
  ),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

export const SweepstakeResultSchema = z.object({
  orderId: transactionId,
  /** `pending` until the first payment is settled; `notEntered` when the page had none or it had ended. */
  status: z.enum(["pending", "won", "lost", "notEntered"]),
  prizeText: z.string().nullable(),
});
export type SweepstakeResult = z.infer<typeof SweepstakeResultSchema>;

export const SubscriptionOrderResultSchema = z.object({
  transactionId,
  status: OrderStatusSchema,
  /**
   * First payments of this sign-up that a changed resubmission replaced and that were approved late anyway:
   * refunded into the wallet (issue 40), never a second subscription.
   */
  refundedInCents: cents,
  firstAmountInCents: cents,
  monthlyAmountInCents: cents,
  firstDraw: DrawRefSchema,
  /** The subscription, once the first payment is paid. */
  subscription: SubscriptionSummarySchema.nullable(),
  sweepstake: SweepstakeResultSchema.nullable(),
});
export type SubscriptionOrderResult = z.infer<typeof SubscriptionOrderResultSchema>;

const signUpErrors = {
  400: [],
  401: [],
  403: ["AgeValidationRequiredError"],
  409: ["TransactionAlreadyProcessedError", "TransactionRolledbackError"],
  422: [],
} as const;

export const getSubscriptionPriceDetails = defineEndpoint({
  method: "GET",
  path: "/api/subscriptions/{pageId}/configurator/price-details",
  summary:
    "The subscription form's products, prices, first draw and what the editor attached (promotion, sweepstake)",
  slice: "subscriptions",
  backend: "shop",
  auth: "none",
  params: pageParams,
  response: SubscriptionPriceDetailsSchema,
  errors: { 400: [], 404: [] },
});

export const getSubscriptionConfiguratorProducts = defineEndpoint({
  method: "GET",
  path: "/api/subscriptions/configurator/products",
  summary: "The subscription products of a draw's game, priced for that draw",
  slice: "subscriptions",
  backend: "shop",
  auth: "none",
  query: z.object({ drawId: drawIdParam, gameType: GameTypeSchema }),
  response: z.object({
    drawId: drawIdField(),
    gameType: GameTypeSchema,
    products: z.array(SubscriptionProductSchema),
  }),
  errors: { 400: [], 404: [], 422: [] },
});

export const getSubscriptionProducts = defineEndpoint({
  method: "GET",
  path: "/api/subscriptions/products",
  summary: "The subscription catalogue, filtered by game, product, fraction and XL",
  slice: "subscriptions",
  backend: "shop",
  auth: "none",
  query: z.object({
    gameType: GameTypeSchema.optional(),
    productType: ProductTypeSchema.optional(),
    fractionType: SubscriptionFractionSchema.optional(),
    withXl: z
      .enum(["true", "false"])
      .transform((value) => value === "true")
      .optional(),
  }),
  response: z.object({ products: z.array(SubscriptionProductSchema) }),
  errors: { 400: [] },
});

export const verifySubscription = defineEndpoint({
  method: "POST",
  path: "/api/subscriptions/verify/{pageId}",
  summary: "Prices a subscription choice and says from which draw it plays; stores nothing",
  slice: "subscriptions",
  backend: "shop",
  auth: "none",
  params: pageParams,
  body: SubscriptionChoiceSchema.extend({
    /** The sign-up's transaction id, when the form already has one: the quote then names its mandate id. */
    transactionId: transactionId.optional(),
  }),
  response: SubscriptionQuoteSchema,
  errors: { 400: [], 404: [], 422: [] },
});

export const takeOutSubscription = defineEndpoint({
  method: "POST",
  path: "/api/subscriptions/{pageId}",
  summary:
    "Takes out a subscription under its transaction id (idempotent) and starts its first iDEAL payment",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: SubscriptionSignUpSchema,
  response: SubscriptionSignUpStartedSchema,
  errors: { ...signUpErrors, 404: [] },
});

export const getSubscriptionOrder = defineEndpoint({
  method: "GET",
  path: "/api/subscriptions/{pageId}/orders/{orderId}",
  summary: "The state of taking out a subscription after the payment page: the subscription once paid",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: z.object({ pageId: PageIdSchema, orderId: transactionId }),
  response: SubscriptionOrderResultSchema,
  errors: { 400: [], 401: [], 404: [] },
});

export const getSweepstakeResult = defineEndpoint({
  method: "GET",
  path: "/api/subscriptions/{pageId}/sweepstake/{orderId}/result",
  summary: "The sign-up sweepstake's result of an order, decided by the server once the order was paid",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: z.object({ pageId: PageIdSchema, orderId: transactionId }),
  response: SweepstakeResultSchema,
  errors: { 400: [], 401: [], 404: [] },
});

export const getSubscriptions = defineEndpoint({
  method: "GET",
  path: "/api/subscriptions",
  summary: "The logged-in player's subscriptions with their items, mandate, next draw and last collections",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  response: z.object({ subscriptions: z.array(SubscriptionSummarySchema) }),
  errors: { 401: [] },
});

export const getSubscriptionItem = defineEndpoint({
  method: "GET",
  path: "/api/subscriptions/items/{subscriptionItemId}",
  summary: "One item of the player's subscriptions, with the tickets it played in its last draw",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: z.object({ subscriptionItemId: recordIdParam }),
  response: SubscriptionItemSchema.extend({
    subscriptionStatus: SubscriptionStatusSchema,
    lastTickets: z.array(IssuedTicketSchema),
  }),
  errors: { 400: [], 401: [], 404: [] },
});

export const CollectionPaymentMethodSchema = z.enum(["ideal", "balance"]);
const CollectionPaymentStatusSchema = z.enum(["pending", "paid", "cancelled", "failed", "expired"]);

export const payOutstanding = defineEndpoint({
  method: "POST",
  path: "/api/subscriptions/{subscriptionId}/outstanding/pay",
  summary:
    "Pays what a locked subscription owes (its failed collections) by iDEAL or from the balance; paid unlocks it",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: z.object({ subscriptionId: recordIdParam }),
  body: z.object({
    transactionId,
    paymentMethod: CollectionPaymentMethodSchema,
    issuer: z.string({ error: subscriptionMessages.issuer }).max(40, subscriptionMessages.issuer).optional(),
  }),
  response: z.object({
    transactionId,
    status: CollectionPaymentStatusSchema,
    amountInCents: cents,
    /** The payment page (iDEAL), or the result page when paid from the balance. */
    redirectUrl: z.string(),
  }),
  errors: {
    400: [],
    401: [],
    404: ["UserHasNoSubscriptionError"],
    409: ["TransactionAlreadyProcessedError", "TransactionRolledbackError"],
    422: [],
  },
});

export const getOutstandingPayment = defineEndpoint({
  method: "GET",
  path: "/api/subscriptions/{subscriptionId}/outstanding/pay/{transactionId}",
  summary: "How paying a locked subscription's outstanding amount went, asked of the provider while open",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: z.object({ subscriptionId: recordIdParam, transactionId }),
  response: z.object({
    transactionId,
    status: CollectionPaymentStatusSchema,
    amountInCents: cents,
    subscriptionStatus: SubscriptionStatusSchema,
  }),
  errors: { 400: [], 401: [], 404: [] },
});

/** Every endpoint of this slice, in the order the router tries them; `registry.ts` collects the slices. */
export const subscriptionEndpoints = [
  getSubscriptionPriceDetails,
  getSubscriptionConfiguratorProducts,
  getSubscriptionProducts,
  verifySubscription,
  getSubscriptionOrder,
  getSweepstakeResult,
  getSubscriptions,
  getSubscriptionItem,
  takeOutSubscription,
] as const;
