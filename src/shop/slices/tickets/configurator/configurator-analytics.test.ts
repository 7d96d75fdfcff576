import { describe, expect, it } from "vitest";
import { viewItemEvent, viewItemListEvent } from "./configurator-analytics";
import { details } from "./price-details.fixtures";

describe("the configurator's funnel events", () => {
  it("lists the first draw's products in euros for view_item_list", () => {
    const event = viewItemListEvent(details);
    const draw = details.draws[0]!;
    expect(event).toMatchObject({
      event: "view_item_list",
      ecommerce: { currency: "EUR", item_list_id: details.pageId, firstDrawId: draw.drawId },
    });
    expect(event?.ecommerce.items).toHaveLength(draw.prices.length);
    expect(event?.ecommerce.items[0]).toEqual({
      item_id: draw.prices[0]!.productId,
      item_name: draw.prices[0]!.productType,
      item_category: "Kroonloterij",
      item_variant: draw.prices[0]!.fraction,
      price: draw.prices[0]!.pricePerTicketInCents / 100,
      quantity: 1,
      firstDrawId: draw.drawId,
    });
  });

  it("names the product looked at, for the chosen draw, in view_item", () => {
    const draw = details.draws.at(-1)!;
    const event = viewItemEvent(details, { drawId: draw.drawId, productType: "Street" });
    expect(event?.event).toBe("view_item");
    expect(event?.ecommerce.firstDrawId).toBe(draw.drawId);
    expect(event?.ecommerce.items.every((item) => item.item_name === "Street")).toBe(true);
    expect(event?.ecommerce.items.length).toBeGreaterThan(0);
  });

  it("has nothing to say without a draw on sale", () => {
    expect(viewItemListEvent({ ...details, draws: [] })).toBeUndefined();
    expect(
      viewItemEvent({ ...details, draws: [] }, { drawId: undefined, productType: "Street" }),
    ).toBeUndefined();
  });
});
