import { updateBasketTicket } from "./basket-store";
import { validateBasketTicket } from "./window-basket";

/**
 * Changes a basket item from the basket page. An item another tab removed meanwhile is simply gone (the
 * store has re-read the cookie and the list follows); over the limit the store shows the error flash
 * itself. Either way the caller only needs to know whether the change was made.
 */
export function changeBasketItem(
  basketItemId: string,
  patch: Record<string, unknown>,
): "updated" | "refused" {
  try {
    return updateBasketTicket(basketItemId, patch, validateBasketTicket) === "updated"
      ? "updated"
      : "refused";
  } catch {
    return "refused";
  }
}
