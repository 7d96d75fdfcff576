import type { Implementation } from "../router";

/**
 * Changing a subscription (issue 15): the edit page's details, adding, changing and removing items, and
 * the XL and extra-draw upsells. Every apply call runs under its transaction id (change-transaction.server.ts).
 */
export const subscriptionChangeHandlers: Implementation[] = [];
