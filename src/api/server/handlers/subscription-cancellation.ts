import type { Implementation } from "../router";

/**
 * Cancelling a subscription online in at most three steps (issue 15): what it would stop, the retention
 * offers of the CMS's cancellation page, accepting one, and the cancellation with its e-mail.
 */
export const subscriptionCancellationHandlers: Implementation[] = [];
