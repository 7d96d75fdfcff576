import { getWallet } from "@/src/contract/wallet";
import type { RequestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";

/**
 * The logged-in player's balance, for a page that offers paying with it or shows it (issue 16); undefined
 * when the portal cannot say right now, so the page shows without it.
 */
export async function walletBalance(ctx: RequestContext): Promise<number | undefined> {
  try {
    return (await ctx.clients.portal.call(getWallet)).balanceInCents;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}
