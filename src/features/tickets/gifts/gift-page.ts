/**
 * The CMS page whose gift block sells and redeems gift tickets (`/cadeau`, seed content): the redeem pages
 * name it in every gift call (spec section 7), and the giving flow falls back to it.
 */
export const GIFT_PAGE_ID = "cadeau";
