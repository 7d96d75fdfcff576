import { addToBasket } from "@/src/shop/slices/basket/basket-store";
import { TicketConfigurator } from "@/src/shop/slices/tickets/configurator/ticket-configurator";
import type { BlockViewProps } from "../block-view-props";

/** CMS block: the ticket configurator, server-rendered from the price details its loader found. */
export default function TicketConfiguratorBlock({ block }: BlockViewProps<"ticketConfigurator">) {
  const { props } = block;
  return (
    <TicketConfigurator
      pageId={props.pageId}
      title={props.title}
      details={block.data}
      addToBasket={addToBasket}
    />
  );
}
