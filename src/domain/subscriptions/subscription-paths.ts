/**
 * A subscription's own pages and the validity check on their `{subscription}` parameter: subscriptions
 * are addressed by their numeric id (bigint columns), so anything else is the 404 page.
 */
export const isValidSubscriptionId = (id: string) => /^[1-9]\d{0,11}$/.test(id);

/** `/mijn/abonnement/{subscription}/aanpassen`: change, add and remove items. */
export const subscriptionEditPath = (id: number | string) => `/mijn/abonnement/${id}/aanpassen`;

/** `/mijn/abonnement/{subscription}/opzeggen`: the cancellation in at most three steps. */
export const subscriptionCancelPath = (id: number | string) => `/mijn/abonnement/${id}/opzeggen`;

/** A subscription on `/mijn/abonnementen`, where its "Nu betalen" is when it is locked (issue 40). */
export const subscriptionPayPath = (id: number | string) => `/mijn/abonnementen#subscription-${id}`;

/** Where the payment page sends the player back after paying what a locked subscription owes. */
export const COLLECTION_PAYMENT_RESULT_PATH = "/mijn/abonnementen/betaling";
