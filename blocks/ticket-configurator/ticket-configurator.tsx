import type { TicketConfiguratorFields } from "@/content-models/ticket-configurator";
import { cms } from "@/src/lib/messages";
import { addToBasket } from "@/src/shop/slices/basket/basket-store";
import { isPriceDetails } from "@/src/shop/slices/tickets/configurator/configurator-model";
import { TicketConfigurator } from "@/src/shop/slices/tickets/configurator/ticket-configurator";
import type { BlockComponentProps } from "../block-props";

/** CMS block: the ticket configurator, server-rendered from the price details its loader found. */
export default function TicketConfiguratorBlock({ block }: BlockComponentProps) {
  const props = block.props as TicketConfiguratorFields;
  if (!isPriceDetails(block.data)) return <p className="block-error">{cms.blockFailed}</p>;
  return (
    <TicketConfigurator
      pageId={props.pageId}
      title={props.title}
      details={block.data}
      addToBasket={addToBasket}
    />
  );
}
