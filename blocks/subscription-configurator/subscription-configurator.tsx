import { useLocation, useSearchParams } from "react-router";
import { choiceFormFromQuery } from "@/src/shop/slices/subscriptions/choice-form";
import { SubscriptionConfigurator } from "@/src/shop/slices/subscriptions/subscription-configurator";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: the subscription form, server-rendered from the price details its loader found. A choice in
 * the page's query string (a "change your choice" link of a later step) fills it in again, when it is for
 * this block's page id.
 */
export default function SubscriptionConfiguratorBlock({ block }: BlockViewProps<"subscriptionConfigurator">) {
  const { props } = block;
  const [query] = useSearchParams();
  const { pathname } = useLocation();
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
