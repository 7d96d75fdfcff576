import { z } from "zod";
import { AFFILIATE_PRODUCTS } from "@/src/domain/affiliate-tickets/affiliate-rules";
import { CheckoutPaymentMethodSchema } from "@/src/domain/payments/payment-method";
import { defineEndpoint } from "./define";
import { cents, drawIdField } from "./fields";
import { CheckoutStartedSchema, PageIdSchema } from "./tickets";

/**
 * Affiliate tickets (issue 17; spec section 7): a partner's offer on a page of ours. Every call names the
 * page (`{pageId}` and `Cms-Page-Id`) and the partner (`Cms-Affiliate-Host`: the partner's host, or its
 * code from the page's query); the server refuses a page without an affiliate block (404), a partner that
 * is not the block's (403) and an offer that has not begun or is over (422 `OfferNotAvailableError`).
 * Prices come from the block and the server only.
 */

const iso = z.iso.datetime({ offset: true });
const pageParams = z.object({ pageId: PageIdSchema });
const storeParams = z.object({ id: z.uuid() });

export const AffiliateQuoteSchema = z.object({
  pageId: z.string(),
  partnerName: z.string(),
  product: z.enum(AFFILIATE_PRODUCTS),
  /** The draw the ticket plays in: the next one on sale. */
  draw: z.object({ drawId: drawIdField(), name: z.string(), drawDate: iso }),
  /** What the player pays: 0 for a free ticket. */
  priceInCents: cents,
  /** What the ticket costs in the shop. */
  normalPriceInCents: cents,
  maxPerPlayer: z.number().int().positive(),
  endsAt: iso,
  /** How many of this offer the logged-in player has taken (paid or being paid); null for a visitor. */
  taken: z.number().int().nonnegative().nullable(),
});
export type AffiliateQuote = z.infer<typeof AffiliateQuoteSchema>;

export const StoredAffiliateSchema = z.object({
  id: z.uuid(),
  pageId: z.string(),
  quote: AffiliateQuoteSchema,
});
export type StoredAffiliate = z.infer<typeof StoredAffiliateSchema>;

const refusals = { 400: [], 403: [], 404: [], 422: ["OfferNotAvailableError"] } as const;

export const verifyAffiliate = defineEndpoint({
  method: "POST",
  path: "/api/affiliate-tickets/verify/{pageId}",
  summary:
    "Checks the partner's offer on this page for this partner (and player, when logged in) and prices it",
  slice: "affiliate-tickets",
  pageHeaders: "partner",
  backend: "shop",
  auth: "none",
  params: pageParams,
  body: z.object({}),
  response: AffiliateQuoteSchema,
  errors: refusals,
});

export const putAffiliateStore = defineEndpoint({
  method: "PUT",
  path: "/api/affiliate-tickets/store/{id}",
  summary:
    "Keeps this visitor's affiliate flow (page and partner) under its id, across the login or registration",
  slice: "affiliate-tickets",
  pageHeaders: "partner",
  backend: "shop",
  auth: "none",
  params: storeParams,
  body: z.object({ pageId: PageIdSchema }),
  response: StoredAffiliateSchema,
  errors: refusals,
});

export const getAffiliateStore = defineEndpoint({
  method: "GET",
  path: "/api/affiliate-tickets/store/{id}",
  summary: "This visitor's affiliate flow, priced again; another visitor's id is not found",
  slice: "affiliate-tickets",
  pageHeaders: "page",
  backend: "shop",
  auth: "none",
  params: storeParams,
  response: StoredAffiliateSchema,
  errors: refusals,
});

export const orderAffiliate = defineEndpoint({
  method: "POST",
  path: "/api/affiliate-tickets/{pageId}",
  summary:
    "Gets (free) or buys (partner price) the offer's ticket for the logged-in player under the transaction id (idempotent); the order records the partner",
  slice: "affiliate-tickets",
  pageHeaders: "partner",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({
    storeId: z.uuid(),
    transactionId: z.uuid(),
    /** How a partner price is paid; a free ticket ignores it. */
    paymentMethod: CheckoutPaymentMethodSchema.default("ideal"),
    issuer: z.string().max(40).optional(),
  }),
  response: CheckoutStartedSchema,
  errors: {
    400: [],
    401: [],
    403: ["AgeValidationRequiredError"],
    404: [],
    409: [
      "MaximumNumberOfParticipationsReachedError",
      "TransactionAlreadyProcessedError",
      "TransactionRolledbackError",
    ],
    422: ["OfferNotAvailableError", "InsufficientBalanceError"],
  },
});

export const affiliateTicketEndpoints = [
  verifyAffiliate,
  putAffiliateStore,
  getAffiliateStore,
  orderAffiliate,
] as const;
