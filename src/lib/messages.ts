/**
 * The one Dutch message catalogue (spec section 8). Every text a player reads comes from here.
 * Texts the spec gives verbatim are kept verbatim; the rest are written for this shop. The texts live in
 * one module per area, so a page's JavaScript carries only the texts of the areas it shows.
 */

export * from "./messages/account-changes";
export * from "./messages/action-codes";
export * from "./messages/affiliate-tickets";
export * from "./messages/age-validation";
export * from "./messages/codes";
export * from "./messages/communication-preferences";
export * from "./messages/composer";
export * from "./messages/composer-assets";
export * from "./messages/composer-pages";
export * from "./messages/composer-rich-text";
export * from "./messages/consent";
export * from "./messages/consent-settings";
export * from "./messages/contact-form";
export * from "./messages/content-editor";
export * from "./messages/core";
export * from "./messages/customer-service";
export * from "./messages/direct-debit-simulator";
export * from "./messages/emails";
export * from "./messages/footer";
export * from "./messages/form-errors";
export * from "./messages/games";
export * from "./messages/gift-tickets";
export * from "./messages/idin-simulator";
export * from "./messages/loyalty";
export * from "./messages/mailbox-simulator";
export * from "./messages/my-subscriptions";
export * from "./messages/order-history";
export * from "./messages/page-titles";
export * from "./messages/pages";
export * from "./messages/password-reset";
export * from "./messages/payment-simulator";
export * from "./messages/player-texts";
export * from "./messages/portal";
export * from "./messages/preview-link";
export * from "./messages/promotions";
export * from "./messages/results";
export * from "./messages/shop";
export * from "./messages/subscription-change-pages";
export * from "./messages/subscription-changes";
export * from "./messages/subscription-pages";
export * from "./messages/subscription-result";
export * from "./messages/subscription-sign-up";
export * from "./messages/subscriptions";
export * from "./messages/tickets";
export * from "./messages/wallet";
