import { GIFT_FIELDS } from "./gift-form";

/**
 * The CMS page whose gift block sells and redeems gift tickets (`/cadeau`, seed content): the redeem pages
 * name it in every gift call (spec section 7), and the giving flow falls back to it.
 */
export const GIFT_PAGE_ID = "cadeau";

/** The payment page of the gift kept in the giver's store under `storeId`. */
export function giftPaymentPath(storeId: string): string {
  return `/cadeau/geven?${GIFT_FIELDS.storeId}=${encodeURIComponent(storeId)}`;
}

/** The address key that shows the kept gift in its form, filled in, to change it. */
export const GIFT_EDIT_PARAM = "aanpassen";

/** The gift kept under `storeId` in its form, filled in as the giver left it. */
export function giftEditPath(storeId: string): string {
  return `${giftPaymentPath(storeId)}&${GIFT_EDIT_PARAM}=ja`;
}
