/** The cookie holding the checkout's transaction id (set by the server; the browser only ends it). */
export const CHECKOUT_COOKIE_NAME = "kl_checkout";
