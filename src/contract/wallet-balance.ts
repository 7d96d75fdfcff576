import { z } from "zod";
import { defineEndpoint } from "./define";
import { cents } from "./fields";

/**
 * Just the balance (issue 43): the header shows it beside the player's name on every page. A module of its
 * own, so the header's lazy player call does not bring the wallet's messages along; `wallet.ts` lists it.
 */
export const getBalance = defineEndpoint({
  method: "GET",
  path: "/api/my/common/wallet/balance",
  summary: "The player's balance alone, for the header",
  slice: "wallet",
  backend: "portal",
  auth: "player",
  response: z.object({ balanceInCents: cents }),
  errors: { 401: [] },
});
