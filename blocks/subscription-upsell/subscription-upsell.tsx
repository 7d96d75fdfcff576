import { ApiProvider } from "@/src/shop/components/api-context";
import { useShell } from "@/src/shop/components/shell-context";
import { usePlayer } from "@/src/shop/slices/player/player-store";
import { SubscriptionUpsell } from "@/src/shop/slices/subscriptions/upsell/subscription-upsell";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: an upsell for players with a subscription (issue 15); the feature is the subscriptions
 * slice's (`src/shop/slices/subscriptions/upsell/`), told
 * whether the login cookie says there is a player.
 */
export default function SubscriptionUpsellBlock({ block }: BlockViewProps<"subscriptionUpsell">) {
  const { props } = block;
  const { env } = useShell();
  const player = usePlayer(env).status;
  return (
    <ApiProvider>
      <SubscriptionUpsell {...props} player={player} />
    </ApiProvider>
  );
}
