import { getIdinIssuers } from "@/src/contract/age-validation";
import type { RequestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";

export type IdinIssuer = { id: string; name: string };

/** The banks that offer iDIN; none when the shop cannot say right now (the page then leaves iDIN out). */
export async function idinIssuers(ctx: RequestContext): Promise<IdinIssuer[]> {
  try {
    return (await ctx.clients.shop.call(getIdinIssuers)).issuers;
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}
