import type { SubscriptionConfiguratorFields } from "@/content-models/subscription-configurator";
import { getSubscriptionPriceDetails, type SubscriptionPriceDetails } from "@/src/contract/subscriptions";
import type { BlockLoaderContext } from "../block-props";

/**
 * What GET /api/subscriptions/{pageId}/configurator/price-details answers (the products, prices, first draw
 * and what the editor attached), so the block renders on the server.
 */
export function loadSubscriptionConfigurator(
  props: SubscriptionConfiguratorFields,
  { clients }: BlockLoaderContext,
): Promise<SubscriptionPriceDetails> {
  return clients.shop.call(getSubscriptionPriceDetails, { params: { pageId: props.pageId } });
}
