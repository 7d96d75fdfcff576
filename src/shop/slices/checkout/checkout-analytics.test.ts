// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { trackPurchase } from "./checkout-analytics";

beforeEach(() => {
  delete window.dataLayer;
  window.localStorage.clear();
  window.sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the visitor's consent choice
  document.cookie = `kl_consent=1.beperkt.${Math.floor(Date.now() / 1000)}; Path=/`;
});

function purchases() {
  return (window.dataLayer ?? []).filter(
    (entry): entry is { event: string; ecommerce: { items: unknown[]; value: number } } =>
      typeof entry === "object" && entry !== null && (entry as { event?: string }).event === "purchase",
  );
}

describe("purchase", () => {
  it("names the gift ticket a gift's order bought (it never passed the basket's payment step)", () => {
    trackPurchase({
      transactionId: "5b6f4c1e-2f7e-4d8e-9c1a-0d4b7f1e2a3c",
      totalInCents: 1_500,
      draws: [],
      gift: { storeId: "0c3b1c1e-2f7e-4d8e-9c1a-0d4b7f1e2a3c", pageId: "cadeau" },
    });
    expect(purchases()[0]?.ecommerce).toMatchObject({
      value: 15,
      items: [
        { item_id: "gift:cadeau", item_name: "Cadeaulot", item_category: "gift", price: 15, quantity: 1 },
      ],
    });
  });

  it("names a basket order's items as kept at the payment step", () => {
    const transactionId = "7b6f4c1e-2f7e-4d8e-9c1a-0d4b7f1e2a3c";
    const items = [{ item_id: "SingleTicket", item_name: "Lot", price: 15, quantity: 1 }];
    window.sessionStorage.setItem(`kl_order_items:${transactionId}`, JSON.stringify(items));
    trackPurchase({ transactionId, totalInCents: 1_500, draws: [] });
    expect(purchases()[0]?.ecommerce.items).toEqual(items);
  });
});
