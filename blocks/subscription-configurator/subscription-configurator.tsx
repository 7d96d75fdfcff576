import { useLocation, useSearchParams } from "react-router";
import type { SubscriptionConfiguratorFields } from "@/content-models/subscription-configurator";
import { cms } from "@/src/lib/messages";
import { choiceFormFromQuery } from "@/src/shop/slices/subscriptions/choice-form";
import {
  isSubscriptionPriceDetails,
  SubscriptionConfigurator,
} from "@/src/shop/slices/subscriptions/subscription-configurator";
import type { BlockComponentProps } from "../block-props";

/**
 * CMS block: the subscription form, server-rendered from the price details its loader found. A choice in
 * the page's query string (a "change your choice" link of a later step) fills it in again, when it is for
 * this block's page id.
 */
export default function SubscriptionConfiguratorBlock({ block }: BlockComponentProps) {
  const props = block.props as SubscriptionConfiguratorFields;
  const [query] = useSearchParams();
  const { pathname } = useLocation();
  if (!isSubscriptionPriceDetails(block.data)) return <p className="block-error">{cms.blockFailed}</p>;
  const ours = query.get("pageId") === props.pageId;
  return (
    <SubscriptionConfigurator
      pageId={props.pageId}
      title={props.title}
      details={block.data}
      initial={choiceFormFromQuery(ours ? query : new URLSearchParams(), block.data)}
      formPage={pathname}
    />
  );
}
