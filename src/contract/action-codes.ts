import { z } from "zod";
import { BasketTicketSchema } from "@/src/domain/tickets/basket-ticket";
import { defineEndpoint } from "./define";
import { PromotionSchema } from "./subscriptions";
import { BasketSchema, PageIdSchema } from "./tickets";

/**
 * Campaigns and action codes (issue 18; spec sections 7 and 8): a player activates a code on the
 * campaign's page, sees the offer it unlocks, puts it in the basket or takes it out, and the basket shows
 * it priced by the server. Activation is rate limited per client address and per code; after a few wrong
 * codes the reCAPTCHA is asked for (`RateLimitError`), and an invalid answer is `RecaptchaNotValidError`.
 */

const iso = z.iso.datetime({ offset: true });
const pageParams = z.object({ pageId: PageIdSchema });

export const ActivatedOfferSchema = z.object({
  activationId: z.uuid(),
  pageId: z.string(),
  campaignName: z.string(),
  /** The action page, where a code is entered. */
  actionPagePath: z.string(),
  endsAt: iso,
  /** What the offer gives, in Dutch. */
  label: z.string(),
  inBasket: z.boolean(),
  /** `reserved` while an order with it is being paid, `used` once paid. */
  status: z.enum(["activated", "reserved", "used"]),
  /**
   * A trial subscription: the page id of the subscription form it is taken out with and the promotion that
   * form applies (the form is sent the campaign's page id as `actionPageId`); null for an offer that goes
   * in the basket.
   */
  subscription: z.object({ pageId: z.string(), promotion: PromotionSchema }).nullable(),
});
export type ActivatedOffer = z.infer<typeof ActivatedOfferSchema>;

export const BasketAdjustmentSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("applies"),
    activationId: z.uuid(),
    pageId: z.string(),
    campaignName: z.string(),
    label: z.string(),
    /** Added to the basket's total: negative for a discount, the offer's price for its tickets. */
    amountInCents: z.number().int(),
    discountInCents: z.number().int().nonnegative(),
    lines: z.array(BasketTicketSchema),
  }),
  z.object({
    status: z.literal("notQualified"),
    activationId: z.uuid(),
    pageId: z.string(),
    campaignName: z.string(),
    label: z.string(),
    /** Why the offer does not apply to this basket, in Dutch. */
    reason: z.string(),
  }),
]);
export type BasketAdjustment = z.infer<typeof BasketAdjustmentSchema>;

/**
 * A campaign's period as its action-code block shows it (issue 43): `open` while codes can be activated,
 * `notStarted` before its start, `paused` while marketing has it switched off, `expired` from its end.
 */
export const CampaignPeriodSchema = z.object({
  name: z.string(),
  startsAt: iso,
  endsAt: iso,
  state: z.enum(["open", "notStarted", "paused", "expired"]),
});
export type CampaignPeriod = z.infer<typeof CampaignPeriodSchema>;

export const getCampaign = defineEndpoint({
  method: "GET",
  path: "/api/marketing-campaigns/{pageId}",
  summary: "The campaign on the page: its name, period and whether codes can be activated now",
  slice: "campaigns",
  backend: "shop",
  auth: "none",
  params: pageParams,
  response: CampaignPeriodSchema,
  errors: { 400: [], 404: ["ActionNotFoundError"] },
});

export const activateActionCode = defineEndpoint({
  method: "POST",
  path: "/api/marketing-campaigns/{pageId}/action-codes/activate",
  summary:
    "Activates a personal or general action code on the campaign's page and answers the offer it unlocks",
  slice: "campaigns",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({
    actionCode: z.string().max(40),
    gRecaptchaResponse: z.string().max(4000).optional(),
  }),
  response: ActivatedOfferSchema,
  errors: {
    400: ["RecaptchaNotValidError"],
    401: [],
    404: ["ActionNotFoundError"],
    409: ["VoucherCodeAlreadyClaimedError"],
    422: ["ActionExpiredError", "ActionNotActiveError", "VoucherCodeNotFoundError"],
    429: ["RateLimitError"],
  },
  rateLimit: { limit: 30, windowMs: 10 * 60_000 },
  pageHeaders: "page",
});

export const getActionOffer = defineEndpoint({
  method: "GET",
  path: "/api/marketing-campaigns/{pageId}/offer",
  summary:
    "The offer the player activated on the campaign's page; NoActivatedActionFoundError (with the action page) without one",
  slice: "campaigns",
  backend: "shop",
  auth: "player",
  params: pageParams,
  response: ActivatedOfferSchema,
  errors: { 400: [], 401: [], 404: ["ActionNotFoundError", "NoActivatedActionFoundError"] },
});

export const placeActionOffer = defineEndpoint({
  method: "PUT",
  path: "/api/marketing-campaigns/{pageId}/offer",
  summary: "Puts the player's activated offer in the basket or takes it out",
  slice: "campaigns",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({ inBasket: z.boolean() }),
  response: ActivatedOfferSchema,
  errors: {
    400: [],
    401: [],
    404: ["ActionNotFoundError", "NoActivatedActionFoundError"],
    409: ["VoucherCodeAlreadyClaimedError"],
  },
});

export const getBasketAdjustments = defineEndpoint({
  method: "POST",
  path: "/api/basket/adjustments",
  summary: "The player's campaign offers in the basket, priced by the server against the basket's tickets",
  slice: "campaigns",
  backend: "shop",
  auth: "player",
  body: BasketSchema,
  response: z.object({
    adjustments: z.array(BasketAdjustmentSchema),
    /** The tickets at the server's prices, without the offers. */
    basketTotalInCents: z.number().int().nonnegative(),
    /** What the order would cost with the offers that apply. */
    totalInCents: z.number().int().nonnegative(),
  }),
  errors: { 400: [], 401: [] },
});

export const actionCodeEndpoints = [
  getCampaign,
  activateActionCode,
  getActionOffer,
  placeActionOffer,
  getBasketAdjustments,
] as const;
