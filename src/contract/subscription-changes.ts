import { z } from "zod";
import { MAX_SUBSCRIPTION_ITEMS } from "@/src/domain/subscriptions/changes";
import { MAX_SUBSCRIPTION_QUANTITY } from "@/src/domain/subscriptions/plan";
import { EndDigitsPairSchema } from "@/src/domain/tickets/basket-ticket";
import { MULTIPLIERS, PRODUCT_TYPES } from "@/src/domain/tickets/catalogue";
import { subscriptionChangeMessages, subscriptionMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";
import { boundedInt, cents } from "./fields";
import {
  DrawRefSchema,
  ParticipatingMonthsSchema,
  QuotedItemSchema,
  recordId,
  recordIdParam,
  SubscriptionChoiceSchema,
  SubscriptionItemSchema,
  SubscriptionProductSchema,
  SubscriptionStatusSchema,
  SubscriptionSummarySchema,
} from "./subscriptions";
import { IssuedTicketSchema, PageIdSchema } from "./tickets";

/**
 * Subscriptions, part 2 (issue 15; spec sections 3, 5, 7 and 8): changing a subscription's items, the
 * upsells (XL, an extra draw), retention offers and cancelling online. Every change comes in two calls:
 * `verify` answers what would change (the items before and after, the monthly amount before and after,
 * the draw it takes effect from, how it is paid) and stores nothing; the matching call applies it under a
 * transaction id, idempotently: the same call again answers the same, anything else under that id is
 * refused (`TransactionAlreadyProcessedError`). Changes take effect from the first regular draw whose
 * sales are open and that was not yet issued to the subscription: tickets already issued stay as they are.
 */

const pageParams = z.object({ pageId: PageIdSchema });
const transactionId = z.uuid();

/** The subscription a change is about: one of the logged-in player's (another's answers as none). */
const subscriptionIdField = recordId;

/** Item ids of one subscription, each once. */
const SubscriptionItemIdsSchema = z
  .array(recordId, { error: subscriptionChangeMessages.chooseItems })
  .min(1, subscriptionChangeMessages.chooseItems)
  .max(MAX_SUBSCRIPTION_ITEMS, subscriptionChangeMessages.chooseItems)
  .refine((ids) => new Set(ids).size === ids.length, subscriptionChangeMessages.chooseItems);

/** The update fields of spec section 3: an item as it should play from the effective draw on. */
export const SubscriptionItemUpdateSchema = z.object({
  id: recordId,
  productType: z.enum(PRODUCT_TYPES, { error: subscriptionMessages.product }),
  fractionType: SubscriptionChoiceSchema.shape.fractionType,
  withXl: z.boolean(),
  /** Only for a single ticket (422 otherwise); null or absent for none. */
  endDigits: EndDigitsPairSchema.nullable().default(null),
  withFixedTicketNumber: z.boolean(),
  participatingMonths: ParticipatingMonthsSchema,
  multiplier: boundedInt(
    MULTIPLIERS[0],
    MULTIPLIERS[MULTIPLIERS.length - 1],
    subscriptionMessages.multiplier,
  ).refine((value) => (MULTIPLIERS as readonly number[]).includes(value), subscriptionMessages.multiplier),
});
export type SubscriptionItemUpdate = z.infer<typeof SubscriptionItemUpdateSchema>;

/**
 * Items to add (spec section 7: subscriptionId, quantity, withXl, endDigits); the other fields of an item
 * may be given too and default as on the sign-up form (a whole single ticket, every month, no multiplier).
 */
export const SubscriptionItemsAddSchema = SubscriptionChoiceSchema.omit({ chosenPromotionId: true }).extend({
  subscriptionId: subscriptionIdField,
  productType: SubscriptionChoiceSchema.shape.productType.default("SingleTicket"),
  fractionType: SubscriptionChoiceSchema.shape.fractionType.default("WHOLE"),
  quantity: boundedInt(
    1,
    MAX_SUBSCRIPTION_QUANTITY,
    subscriptionMessages.quantity(MAX_SUBSCRIPTION_QUANTITY),
  ),
});
export type SubscriptionItemsAdd = z.infer<typeof SubscriptionItemsAddSchema>;

/** How one item fares in a change. `before` is null for an added item, `after` for a removed one. */
export const ChangedItemSchema = z.object({
  /** Null for an item that does not exist yet. */
  id: recordId.nullable(),
  change: z.enum(["added", "changed", "removed", "unchanged"]),
  before: QuotedItemSchema.nullable(),
  after: QuotedItemSchema.nullable(),
});
export type ChangedItem = z.infer<typeof ChangedItemSchema>;

/**
 * How a change is paid (issue 15: "state which in the verify answer"):
 * - `nextCollection`: the new amount is collected by direct debit with each draw from the effective draw;
 * - `directDebitOnce`: one extra direct-debit collection of `amountInCents` for `draw`, submitted at once
 *   (a draw upsell);
 * - `none`: nothing more to pay (the amount goes down or stays).
 */
export const ChangePaymentSchema = z.object({
  method: z.enum(["nextCollection", "directDebitOnce", "none"]),
  amountInCents: cents,
  draw: DrawRefSchema.nullable(),
});

export const ChangeKindSchema = z.enum([
  "addItems",
  "updateItem",
  "removeItems",
  "upsellXl",
  "upsellDraw",
  "retentionOffer",
  "cancel",
]);

/** What a change would do: the answer of every verify call (nothing is stored). */
export const SubscriptionChangeQuoteSchema = z.object({
  subscriptionId: recordId,
  kind: ChangeKindSchema,
  items: z.array(ChangedItemSchema),
  /** A month in which every item plays, at the normal price, before and after the change. */
  monthlyAmountBeforeInCents: cents,
  monthlyAmountAfterInCents: cents,
  /** The first draw the change applies to; null when the subscription plays no draw on sale any more. */
  effectiveDraw: DrawRefSchema.nullable(),
  payment: ChangePaymentSchema,
});
export type SubscriptionChangeQuote = z.infer<typeof SubscriptionChangeQuoteSchema>;

/** A change applied: what it did, and the subscription as it is now. */
export const SubscriptionChangeAppliedSchema = SubscriptionChangeQuoteSchema.extend({
  transactionId,
  appliedAt: z.iso.datetime({ offset: true }),
  subscription: SubscriptionSummarySchema,
});
export type SubscriptionChangeApplied = z.infer<typeof SubscriptionChangeAppliedSchema>;

/** The tickets a draw upsell played, labelled `Extra deelname` (purchase type OneTimePlay). */
export const DrawUpsellAppliedSchema = SubscriptionChangeAppliedSchema.extend({
  tickets: z.array(IssuedTicketSchema),
});
export type DrawUpsellApplied = z.infer<typeof DrawUpsellAppliedSchema>;

/** What cancelling would do: the items that stop and the last draw they play in. */
export const CancelQuoteSchema = SubscriptionChangeQuoteSchema.extend({
  /** True when the whole subscription stops (all its items chosen, or none named). */
  whole: z.boolean(),
  /** The last draw the stopping items play in (already issued); null when they played none. */
  lastDraw: DrawRefSchema.nullable(),
  /** Whether the cancellation page has retention offers for this subscription (step 2 of 3). */
  retentionOffers: z.boolean(),
});
export type CancelQuote = z.infer<typeof CancelQuoteSchema>;

export const CancelAppliedSchema = CancelQuoteSchema.extend({
  transactionId,
  appliedAt: z.iso.datetime({ offset: true }),
  subscription: SubscriptionSummarySchema,
  /** The confirmation e-mail was queued to the player's address (the outbox). */
  confirmationEmailQueued: z.boolean(),
});
export type CancelApplied = z.infer<typeof CancelAppliedSchema>;

export const RetentionOfferSchema = z.object({
  id: z.string(),
  kind: z.enum(["discount", "switchToFifth", "pause"]),
  title: z.string(),
  description: z.string(),
  /** Draws a discount or pause covers; null for a switch. */
  draws: z.number().int().positive().nullable(),
  discountPercent: z.number().int().min(1).max(100).nullable(),
  /** What the player would pay for the effective draw with the offer (0 while paused). */
  nextAmountInCents: cents,
  monthlyAmountAfterInCents: cents,
  effectiveDraw: DrawRefSchema.nullable(),
});
export type RetentionOfferInfo = z.infer<typeof RetentionOfferSchema>;

const cancelErrors = {
  400: [],
  401: [],
  404: ["UserHasNoSubscriptionError"],
  409: [
    "SubscriptionAlreadyCanceledError",
    "SubscriptionNotCancelableError",
    "TransactionAlreadyProcessedError",
    "TransactionRolledbackError",
  ],
  422: [],
} as const;

const changeErrors = {
  400: [],
  401: [],
  404: ["UserHasNoSubscriptionError"],
  409: [
    "SubscriptionAlreadyCanceledError",
    "SubscriptionLockedError",
    "TransactionAlreadyProcessedError",
    "TransactionRolledbackError",
  ],
  422: [],
} as const;

const verifyErrors = {
  400: [],
  401: [],
  404: ["UserHasNoSubscriptionError"],
  409: ["SubscriptionAlreadyCanceledError", "SubscriptionLockedError"],
  422: [],
} as const;

export const getSubscriptionChangeDetails = defineEndpoint({
  method: "GET",
  path: "/api/subscriptions/configurator/price-details",
  summary:
    "What the edit page of one of the player's subscriptions offers: its items, the catalogue, and the draw changes take effect from",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  query: z.object({ subscriptionId: recordIdParam }),
  response: z.object({
    subscriptionId: recordId,
    status: SubscriptionStatusSchema,
    /** False for one taken out by phone or in a shop: cancelled through customer service. */
    cancelableOnline: z.boolean(),
    items: z.array(SubscriptionItemSchema),
    monthlyAmountInCents: cents,
    products: z.array(SubscriptionProductSchema),
    multipliers: z.array(z.number().int().positive()),
    maxItems: z.number().int().positive(),
    maxQuantity: z.number().int().positive(),
    months: z.array(z.number().int().min(1).max(12)),
    minParticipatingMonths: z.number().int().positive(),
    /** The first draw a change made now applies to; null when none is on sale (or it is cancelled). */
    effectiveDraw: DrawRefSchema.nullable(),
  }),
  errors: { 400: [], 401: [], 404: ["UserHasNoSubscriptionError"] },
});

export const verifyAddSubscriptionItems = defineEndpoint({
  method: "POST",
  path: "/api/subscriptions/items/verify/add",
  summary: "What adding items to a subscription would cost and from which draw; stores nothing",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  body: SubscriptionItemsAddSchema,
  response: SubscriptionChangeQuoteSchema,
  errors: verifyErrors,
});

export const addSubscriptionItems = defineEndpoint({
  method: "POST",
  path: "/api/subscriptions/items/add",
  summary: "Adds items to a subscription from the next draw not yet issued (idempotent per transaction id)",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  body: SubscriptionItemsAddSchema.extend({ transactionId }),
  response: SubscriptionChangeAppliedSchema,
  errors: changeErrors,
});

export const verifyUpdateSubscriptionItem = defineEndpoint({
  method: "PATCH",
  path: "/api/subscriptions/items/verify/update",
  summary:
    "What changing an item (spec section 3's update fields) would cost and from which draw; stores nothing",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  body: SubscriptionItemUpdateSchema,
  response: SubscriptionChangeQuoteSchema,
  errors: verifyErrors,
});

export const updateSubscriptionItem = defineEndpoint({
  method: "PATCH",
  path: "/api/subscriptions/items/update",
  summary: "Changes an item from the next draw not yet issued (idempotent per transaction id)",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  body: SubscriptionItemUpdateSchema.extend({ transactionId }),
  response: SubscriptionChangeAppliedSchema,
  errors: changeErrors,
});

export const verifyRemoveSubscriptionItems = defineEndpoint({
  method: "DELETE",
  path: "/api/subscriptions/items/verify/remove",
  summary: "What removing items would save and from which draw; removing every item is a cancellation (422)",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  body: z.object({ subscriptionItems: SubscriptionItemIdsSchema }),
  response: SubscriptionChangeQuoteSchema,
  errors: verifyErrors,
});

export const removeSubscriptionItems = defineEndpoint({
  method: "DELETE",
  path: "/api/subscriptions/items/remove",
  summary: "Removes items from the next draw not yet issued (idempotent per transaction id)",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  body: z.object({ transactionId, subscriptionItems: SubscriptionItemIdsSchema }),
  response: SubscriptionChangeAppliedSchema,
  errors: changeErrors,
});

const upsellBody = z.object({ subscriptionItems: SubscriptionItemIdsSchema });

export const verifyXlUpsell = defineEndpoint({
  method: "PATCH",
  path: "/api/subscriptions/upsell/xl/verify/{pageId}",
  summary: "What adding XL to chosen items would cost a draw, from which draw, paid with the next collection",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: upsellBody,
  response: SubscriptionChangeQuoteSchema,
  errors: verifyErrors,
});

export const verifyDrawUpsell = defineEndpoint({
  method: "PATCH",
  path: "/api/subscriptions/upsell/draw/verify/{pageId}",
  summary:
    "What playing chosen items' numbers once more in the page's special draw would cost, and how it is paid",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: upsellBody,
  response: SubscriptionChangeQuoteSchema,
  errors: verifyErrors,
});

export const applyXlUpsell = defineEndpoint({
  method: "PATCH",
  path: "/api/subscriptions/upsell/xl/{pageId}",
  summary: "Adds XL to chosen items from the next draw not yet issued (idempotent per transaction id)",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: upsellBody.extend({ transactionId }),
  response: SubscriptionChangeAppliedSchema,
  errors: changeErrors,
});

export const applyDrawUpsell = defineEndpoint({
  method: "PATCH",
  path: "/api/subscriptions/upsell/draw/{pageId}",
  summary:
    "Plays chosen items' numbers once in the page's special draw (tickets labelled Extra deelname; idempotent)",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: upsellBody.extend({ transactionId }),
  response: DrawUpsellAppliedSchema,
  errors: changeErrors,
});

const cancelBody = z.object({
  subscriptionId: subscriptionIdField,
  /** The items to stop; absent, or every item of the subscription, stops the whole subscription. */
  subscriptionItems: SubscriptionItemIdsSchema.optional(),
});

export const verifyCancelSubscription = defineEndpoint({
  method: "POST",
  path: "/api/subscriptions/verify/cancel",
  summary:
    "What cancelling a subscription (or some items) would stop and the last draw it plays in; stores nothing",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  body: cancelBody,
  response: CancelQuoteSchema,
  errors: { 400: [], 401: [], 404: cancelErrors[404], 409: cancelErrors[409], 422: [] },
});

export const getRetentionOffers = defineEndpoint({
  method: "GET",
  path: "/api/subscriptions/retention-offers/{pageId}",
  summary: "The retention offers the cancellation page has for one of the player's subscriptions",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: pageParams,
  query: z.object({ subscriptionId: recordIdParam }),
  response: z.object({
    pageId: z.string(),
    subscriptionId: recordId,
    /** Empty when none applies (or one was accepted before): the cancellation goes on without step 2. */
    offers: z.array(RetentionOfferSchema),
  }),
  errors: {
    400: [],
    401: [],
    404: ["UserHasNoSubscriptionError"],
    409: ["SubscriptionAlreadyCanceledError"],
  },
});

export const acceptRetentionOffer = defineEndpoint({
  method: "POST",
  path: "/api/subscriptions/retention-offers/{pageId}",
  summary:
    "Accepts a retention offer instead of cancelling: the subscription changes (idempotent per transaction id)",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({
    transactionId,
    subscriptionId: subscriptionIdField,
    offerId: z.string().min(1).max(80),
  }),
  response: SubscriptionChangeAppliedSchema,
  errors: {
    ...changeErrors,
    409: [...changeErrors[409], "NoOfferAvailableError", "OfferNotAvailableError"],
  },
});

export const cancelSubscription = defineEndpoint({
  method: "POST",
  path: "/api/subscriptions/cancel",
  summary:
    "Cancels a subscription (or some items) after its last issued draw and e-mails a confirmation (idempotent)",
  slice: "subscriptions",
  backend: "shop",
  auth: "player",
  body: cancelBody.extend({ transactionId }),
  response: CancelAppliedSchema,
  errors: cancelErrors,
});

/** The endpoints of this file, in the order the router must try them (before `POST /api/subscriptions/{pageId}`). */
export const subscriptionChangeEndpoints = [
  getSubscriptionChangeDetails,
  verifyAddSubscriptionItems,
  addSubscriptionItems,
  verifyUpdateSubscriptionItem,
  updateSubscriptionItem,
  verifyRemoveSubscriptionItems,
  removeSubscriptionItems,
  verifyXlUpsell,
  verifyDrawUpsell,
  applyXlUpsell,
  applyDrawUpsell,
  verifyCancelSubscription,
  getRetentionOffers,
  acceptRetentionOffer,
  cancelSubscription,
] as const;
