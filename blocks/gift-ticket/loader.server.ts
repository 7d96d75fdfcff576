import type { GiftTicketFields } from "@/content-models/gift-ticket";
import { getPriceDetails, type PriceDetails } from "@/src/contract/tickets";
import type { BlockLoaderContext } from "../block-props";

/** The draws on sale and their prices (the configurator's price details), so the block renders on the server. */
export function loadGiftTicket(
  props: GiftTicketFields,
  { clients }: BlockLoaderContext,
): Promise<PriceDetails> {
  return clients.shop.call(getPriceDetails, { params: { pageId: props.pageId } });
}
