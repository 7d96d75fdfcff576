import type { ActionCodeFields } from "@/content-models/action-code";
import { type CampaignPeriod, getCampaign } from "@/src/contract/action-codes";
import { ApiError } from "@/src/shop/client/api-error";
import type { BlockLoaderContext } from "../block-props";

/**
 * The campaign's period (issue 43), so the block shows its form only while codes can be activated. Null
 * for a page id without a campaign: the form stays, and activating says the action is not found.
 */
export async function loadActionCode(
  props: ActionCodeFields,
  { clients }: BlockLoaderContext,
): Promise<CampaignPeriod | null> {
  try {
    return await clients.shop.call(getCampaign, { params: { pageId: props.pageId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
