import { z } from "zod";
import {
  HISTORY_GROUP_NAMES,
  HISTORY_KINDS,
  HISTORY_MAX_PAGE,
  HISTORY_METHODS,
  HISTORY_OUTCOMES,
} from "@/src/domain/order-history/history";
import { defineEndpoint } from "./define";
import { cents } from "./fields";
import { IssuedTicketSchema } from "./tickets";

/**
 * The player's orders and payments (issue 43, `/mijn/bestellingen`): one list, newest first, of what the
 * player bought and paid, each with its state, the tickets an order issued and the gift it was for.
 */

const iso = z.iso.datetime({ offset: true });

export const HistoryEntrySchema = z.object({
  kind: z.enum(HISTORY_KINDS),
  /** Stable within the list (the row's own id). */
  id: z.string(),
  /** What the player quotes to customer service: the order number, or the payment's reference. */
  reference: z.string(),
  at: iso,
  amountInCents: cents,
  method: z.enum(HISTORY_METHODS).nullable(),
  /** The row's own state (pending, paid, sent, redeemed, failed, returned ...). */
  status: z.string(),
  outcome: z.enum(HISTORY_OUTCOMES),
  /** The draw a collection was for, a refund's reason, a subscription's number. */
  description: z.string(),
  /** A paid basket order's tickets, per draw. */
  tickets: z
    .object({
      draws: z.array(z.object({ drawId: z.number().int(), name: z.string(), drawDate: iso })),
      tickets: z.array(IssuedTicketSchema),
    })
    .optional(),
  /** A gift order's gift: who it is for, when it goes out, and whether it was redeemed. */
  gift: z
    .object({
      recipientName: z.string(),
      sendOn: z.iso.date(),
      drawName: z.string(),
      state: z.enum(["pending", "paid", "sent", "redeemed", "cancelled"]),
    })
    .optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const OrderHistorySchema = z.object({
  entries: z.array(HistoryEntrySchema),
  page: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type OrderHistory = z.infer<typeof OrderHistorySchema>;

export const OrderHistoryQuerySchema = z.object({
  group: z.enum(HISTORY_GROUP_NAMES).optional(),
  outcome: z.enum(HISTORY_OUTCOMES).optional(),
  page: z.coerce.number().int().min(1).max(HISTORY_MAX_PAGE).default(1),
});
export type OrderHistoryQuery = z.infer<typeof OrderHistoryQuerySchema>;

export const getOrderHistory = defineEndpoint({
  method: "GET",
  path: "/api/my/orders",
  summary: "The player's orders, payments, collections and refunds, newest first, filterable",
  slice: "order-history",
  backend: "shop",
  auth: "player",
  query: OrderHistoryQuerySchema,
  response: OrderHistorySchema,
  errors: { 400: [], 401: [] },
});

/** Every endpoint of this slice; `registry.ts` collects the slices. */
export const orderHistoryEndpoints = [getOrderHistory] as const;
