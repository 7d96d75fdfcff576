import { z } from "zod";
import { defineEndpoint } from "./define";

/** Anti-forgery tokens (spec sections 6, 7): bound to the session, sent back on every mutating call. */
export const TokenResponseSchema = z.object({ token: z.string() });

export const getShopToken = defineEndpoint({
  method: "GET",
  path: "/api/token",
  summary: "Anti-forgery token of the shop API",
  slice: "tokens",
  backend: "shop",
  auth: "none",
  response: TokenResponseSchema,
});

export const getPortalToken = defineEndpoint({
  method: "GET",
  path: "/api/authentication/get-token",
  summary: "Anti-forgery token of the portal API",
  slice: "tokens",
  backend: "portal",
  auth: "none",
  response: TokenResponseSchema,
});

/** Every endpoint of this slice, in the order the router tries them; `registry.ts` collects the slices. */
export const tokenEndpoints = [getShopToken, getPortalToken] as const;
