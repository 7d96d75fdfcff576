import type { PriceDetails } from "@/src/contract/tickets";
import { type AnalyticsEvent, euros } from "@/src/shop/components/analytics/analytics";

/**
 * The configurator's `view_item_list` (issue 20 item 3): the products it offers for the first draw on sale,
 * priced per ticket in euros; undefined when no draw is on sale.
 */
export function viewItemListEvent(details: PriceDetails): AnalyticsEvent | undefined {
  const draw = details.draws[0];
  if (!draw) return undefined;
  return {
    event: "view_item_list",
    ecommerce: {
      currency: "EUR",
      item_list_id: details.pageId,
      item_list_name: draw.name,
      firstDrawId: draw.drawId,
      items: draw.prices.map((line) => ({
        item_id: line.productId,
        item_name: line.productType,
        item_category: "Kroonloterij",
        item_variant: line.fraction,
        price: euros(line.pricePerTicketInCents),
        quantity: 1,
        firstDrawId: draw.drawId,
      })),
    },
  };
}

/** The configurator's `view_item`: the product the player looks at, for the chosen draw. */
export function viewItemEvent(
  details: PriceDetails,
  choice: { drawId: number | undefined; productType: string },
): AnalyticsEvent | undefined {
  const draw = details.draws.find((candidate) => candidate.drawId === choice.drawId) ?? details.draws[0];
  const lines = draw?.prices.filter((line) => line.productType === choice.productType) ?? [];
  if (!draw || lines.length === 0) return undefined;
  return {
    event: "view_item",
    ecommerce: {
      currency: "EUR",
      firstDrawId: draw.drawId,
      value: euros(Math.min(...lines.map((line) => line.pricePerTicketInCents))),
      items: lines.map((line) => ({
        item_id: line.productId,
        item_name: line.productType,
        item_category: "Kroonloterij",
        item_variant: line.fraction,
        price: euros(line.pricePerTicketInCents),
        quantity: 1,
        firstDrawId: draw.drawId,
      })),
    },
  };
}
