import { z } from "zod";
import { defineEndpoint } from "./define";

/**
 * Kroonpunten, the loyalty programme (issue 20, item 6; spec section 7: POST /api/player/loyalty/subscribe):
 * a player joins once, then earns 1 point per whole euro of every ticket order paid from then on, credited
 * when the order is paid. `GET /api/player/loyalty` is this shop's own call for `/mijn` and the block.
 */

const iso = z.iso.datetime({ offset: true });

export const LoyaltySchema = z.object({
  member: z.boolean(),
  /** When the player joined; null for a player who has not. */
  joinedAt: iso.nullable(),
  /** The points balance: the sum of every credit. */
  points: z.number().int(),
  /** The latest credits, newest first (at most 10). */
  recent: z.array(z.object({ points: z.number().int(), description: z.string(), at: iso })),
});
export type Loyalty = z.infer<typeof LoyaltySchema>;

export const getLoyalty = defineEndpoint({
  method: "GET",
  path: "/api/player/loyalty",
  summary: "The player's Kroonpunten membership, points balance and latest credits",
  slice: "loyalty",
  backend: "shop",
  auth: "player",
  response: LoyaltySchema,
  errors: { 401: [] },
});

export const subscribeLoyalty = defineEndpoint({
  method: "POST",
  path: "/api/player/loyalty/subscribe",
  summary: "Joins the player to Kroonpunten; points are earned on ticket orders paid from then on",
  slice: "loyalty",
  backend: "shop",
  auth: "player",
  response: LoyaltySchema,
  errors: { 401: [], 403: ["AgeValidationRequiredError"], 409: ["LoyaltyAlreadySubscribedError"] },
});

export const loyaltyEndpoints = [getLoyalty, subscribeLoyalty] as const;
