import { ApiProvider } from "@/src/shop/components/api-context";
import { SubscriptionUpsell } from "@/src/shop/slices/subscriptions/upsell/subscription-upsell";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: an upsell for players with a subscription (issue 15); the feature is the subscriptions
 * slice's (`src/shop/slices/subscriptions/upsell/`).
 */
export default function SubscriptionUpsellBlock({ block }: BlockViewProps<"subscriptionUpsell">) {
  const { props } = block;
  return (
    <ApiProvider>
      <SubscriptionUpsell {...props} />
    </ApiProvider>
  );
}
