import type { TicketConfiguratorFields } from "@/content-models/ticket-configurator";
import { getPriceDetails, type PriceDetails } from "@/src/contract/tickets";
import type { BlockLoaderContext } from "../block-props";

/** What GET /api/tickets/{pageId}/configurator/price-details answers, so the block renders on the server. */
export function loadTicketConfigurator(
  props: TicketConfiguratorFields,
  { clients }: BlockLoaderContext,
): Promise<PriceDetails> {
  return clients.shop.call(getPriceDetails, { params: { pageId: props.pageId } });
}
