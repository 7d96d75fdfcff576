/**
 * Changing and stopping a subscription as players see it: `/mijn/abonnement/{id}/aanpassen`, the
 * cancellation in three steps (`/mijn/abonnement/{id}/opzeggen`) and the upsell blocks. Kept apart from
 * the API's messages so a page's JavaScript carries only these. Part of the one message catalogue
 * (`src/lib/messages.ts`).
 */

/** The edit page (`/mijn/abonnement/{id}/aanpassen`). */
export const subscriptionEditPage = {} as const;

/** The cancellation in three steps (`/mijn/abonnement/{id}/opzeggen`). */
export const subscriptionCancelPage = {} as const;

/** The upsell blocks (`subscriptionUpsell`). */
export const subscriptionUpsellBlock = {} as const;
