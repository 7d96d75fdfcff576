import { z } from "zod";
import { GIFT_FRACTIONS, MAX_MESSAGE_LENGTH } from "@/src/domain/gift-tickets/gift-rules";
import { CheckoutPaymentMethodSchema } from "@/src/domain/payments/payment-method";
import { giftMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";
import { cents, drawIdField } from "./fields";
import { CheckoutStartedSchema, PageIdSchema } from "./tickets";

/**
 * Gift tickets (issue 17; spec section 7): checking a gift, keeping the giver's flow in a store while they
 * log in and pay, ordering it, and redeeming a code. Every call names the page (`{pageId}`) whose gift
 * block sells it; the server refuses a page without one (404). Prices come from the server only.
 */

const iso = z.iso.datetime({ offset: true });

/** The longest recipient's name a gift takes. */
const RECIPIENT_NAME_MAX_LENGTH = 80;

export const GiftChoiceSchema = z.object({
  drawId: drawIdField(giftMessages.draw),
  fraction: z.enum(GIFT_FRACTIONS, { error: giftMessages.fraction }),
  recipientName: z
    .string({ error: giftMessages.recipientName })
    .trim()
    .min(1, giftMessages.recipientName)
    .max(RECIPIENT_NAME_MAX_LENGTH, giftMessages.recipientNameTooLong(RECIPIENT_NAME_MAX_LENGTH)),
  recipientEmail: z
    .string({ error: giftMessages.recipientEmail })
    .trim()
    .min(1, giftMessages.recipientEmail)
    .max(254, giftMessages.emailInvalid),
  message: z.string().trim().max(MAX_MESSAGE_LENGTH, giftMessages.message(MAX_MESSAGE_LENGTH)).default(""),
  /** The day (Amsterdam) the recipient's e-mail goes out: today or later. */
  sendOn: z.string({ error: giftMessages.sendOn }).regex(/^\d{4}-\d{2}-\d{2}$/, giftMessages.sendOn),
});
export type GiftChoice = z.infer<typeof GiftChoiceSchema>;

export const GiftQuoteSchema = z.object({
  choice: GiftChoiceSchema,
  draw: z.object({ drawId: drawIdField(), name: z.string(), drawDate: iso }),
  priceInCents: cents,
});
export type GiftQuote = z.infer<typeof GiftQuoteSchema>;

const pageParams = z.object({ pageId: PageIdSchema });
const storeParams = z.object({ id: z.uuid() });

export const StoredGiftSchema = z.object({ id: z.uuid(), pageId: z.string(), quote: GiftQuoteSchema });
export type StoredGift = z.infer<typeof StoredGiftSchema>;

export const verifyGift = defineEndpoint({
  method: "POST",
  path: "/api/gift-tickets/verify/{pageId}",
  summary: "Checks a gift (draw, ticket, recipient, message, send date) and prices it; stores nothing",
  slice: "gift-tickets",
  pageHeaders: "page",
  backend: "shop",
  auth: "none",
  params: pageParams,
  body: GiftChoiceSchema,
  response: GiftQuoteSchema,
  errors: { 400: [], 404: [], 422: ["EmailValidationError", "InvalidEmailAddressError"] },
});

export const putGiftStore = defineEndpoint({
  method: "PUT",
  path: "/api/gift-tickets/store/{id}",
  summary: "Keeps this visitor's gift flow (checked and priced) under its id, across the login and payment",
  slice: "gift-tickets",
  pageHeaders: "page",
  backend: "shop",
  auth: "none",
  params: storeParams,
  body: z.object({ pageId: PageIdSchema, choice: GiftChoiceSchema }),
  response: StoredGiftSchema,
  errors: { 400: [], 404: [], 422: ["EmailValidationError", "InvalidEmailAddressError"] },
});

export const getGiftStore = defineEndpoint({
  method: "GET",
  path: "/api/gift-tickets/store/{id}",
  summary: "This visitor's gift flow, priced again; another visitor's id is not found",
  slice: "gift-tickets",
  pageHeaders: "page",
  backend: "shop",
  auth: "none",
  params: storeParams,
  response: StoredGiftSchema,
  errors: { 400: [], 404: [] },
});

export const orderGift = defineEndpoint({
  method: "POST",
  path: "/api/gift-tickets/order/{pageId}",
  summary: "Orders the gift kept in the store under the transaction id (idempotent) and starts its payment",
  slice: "gift-tickets",
  pageHeaders: "page",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({
    storeId: z.uuid(),
    transactionId: z.uuid(),
    paymentMethod: CheckoutPaymentMethodSchema,
    issuer: z.string().max(40).optional(),
  }),
  response: CheckoutStartedSchema,
  errors: {
    400: [],
    401: [],
    403: ["AgeValidationRequiredError"],
    404: [],
    409: ["TransactionAlreadyProcessedError", "TransactionRolledbackError"],
    422: ["InsufficientBalanceError"],
  },
});

export const RedeemedGiftSchema = z.object({
  number: z.string(),
  fraction: z.enum(GIFT_FRACTIONS),
  draw: z.object({ drawId: drawIdField(), name: z.string(), drawDate: iso }),
});
export type RedeemedGift = z.infer<typeof RedeemedGiftSchema>;

export const redeemGiftAsPlayer = defineEndpoint({
  method: "POST",
  path: "/api/gift-tickets/player/{pageId}",
  summary: "Redeems a gift code for the logged-in player: the ticket becomes theirs (once per code)",
  slice: "gift-tickets",
  pageHeaders: "page",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({ code: z.string({ error: giftMessages.code }).max(20, giftMessages.code) }),
  response: RedeemedGiftSchema,
  errors: {
    400: [],
    401: [],
    403: ["AgeValidationRequiredError"],
    404: [],
    409: ["VoucherCodeAlreadyClaimedError"],
    422: ["VoucherCodeNotFoundError"],
  },
});

/**
 * What the holder of a code may see before redeeming it (issue 43): the giver's first name as on her
 * account (as the recipient's e-mail names her), her message, and the ticket. Nothing of the recipient's
 * address, the giver's other details or the order.
 */
export const GiftPreviewSchema = z.object({
  giverName: z.string(),
  message: z.string(),
  fraction: z.enum(GIFT_FRACTIONS),
  draw: z.object({ drawId: drawIdField(), name: z.string(), drawDate: iso }),
});
export type GiftPreview = z.infer<typeof GiftPreviewSchema>;

export const previewGift = defineEndpoint({
  method: "POST",
  path: "/api/gift-tickets/code/{pageId}",
  summary: "Who gives what under a code not yet redeemed (the redeem page shows it first); redeems nothing",
  slice: "gift-tickets",
  pageHeaders: "page",
  backend: "shop",
  auth: "none",
  params: pageParams,
  body: z.object({ code: z.string({ error: giftMessages.code }).max(20, giftMessages.code) }),
  response: GiftPreviewSchema,
  errors: { 400: [], 404: [], 409: ["VoucherCodeAlreadyClaimedError"], 422: ["VoucherCodeNotFoundError"] },
});

export const GIFT_IDIN_STATUSES = [
  "started",
  "pending",
  "verified",
  "underage",
  "cancelled",
  "failed",
  "mismatch",
  "redeemed",
] as const;

/**
 * Where a redemption through iDIN stands: `started` (the browser goes to `redirectUrl`, the bank), the bank's
 * answer (`verified` with what the bank shared, so the account is completed with the same; or `underage`,
 * `cancelled`, `failed`), then `redeemed` for the logged-in player, or `mismatch` when their account's name
 * or date of birth is not the bank's.
 */
export const GiftIdinStateSchema = z.object({
  status: z.enum(GIFT_IDIN_STATUSES),
  redirectUrl: z.string().optional(),
  holder: z.object({ name: z.string(), birthDate: z.string() }).optional(),
  redeemed: RedeemedGiftSchema.optional(),
});
export type GiftIdinState = z.infer<typeof GiftIdinStateSchema>;

export const redeemGiftWithIdin = defineEndpoint({
  method: "POST",
  path: "/api/gift-tickets/idin/{pageId}",
  summary:
    "Redeems a gift without an account: { code, issuerId } starts iDIN at the bank; { transactionId } records the bank's answer and, once the visitor is logged in, issues the ticket",
  slice: "gift-tickets",
  pageHeaders: "page",
  backend: "shop",
  auth: "none",
  params: pageParams,
  body: z.union([
    z.object({
      code: z.string({ error: giftMessages.code }).max(20, giftMessages.code),
      issuerId: z.string({ error: giftMessages.issuer }).min(1, giftMessages.issuer).max(40),
    }),
    z.object({ transactionId: z.string().min(1).max(64) }),
  ]),
  response: GiftIdinStateSchema,
  errors: {
    400: [],
    404: [],
    409: ["VoucherCodeAlreadyClaimedError"],
    422: ["VoucherCodeNotFoundError"],
  },
});

/**
 * The giver sends a sent, unredeemed gift's e-mail to the recipient again (issue 43, `/mijn/bestellingen`);
 * once per ten minutes, however often she asks. Answers the address, masked.
 */
export const resendGiftEmail = defineEndpoint({
  method: "POST",
  path: "/api/gift-tickets/resend/{orderId}",
  summary: "Sends the recipient's e-mail of the giver's gift again",
  slice: "gift-tickets",
  backend: "shop",
  auth: "player",
  params: z.object({ orderId: z.uuid() }),
  response: z.object({ sentTo: z.string() }),
  errors: { 400: [], 401: [], 404: [], 422: [] },
});

export const giftTicketEndpoints = [
  verifyGift,
  putGiftStore,
  getGiftStore,
  orderGift,
  previewGift,
  redeemGiftAsPlayer,
  redeemGiftWithIdin,
  resendGiftEmail,
] as const;
