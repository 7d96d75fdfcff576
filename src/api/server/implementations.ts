import { actionCodeHandlers } from "./handlers/action-codes";
import { affiliateTicketHandlers } from "./handlers/affiliate-tickets";
import { ageValidationHandlers } from "./handlers/age-validation";
import { authenticationHandlers } from "./handlers/authentication";
import { communicationPreferenceHandlers } from "./handlers/communication-preferences";
import { drawHandlers } from "./handlers/draws";
import { experimentHandlers } from "./handlers/experiments";
import { gameOfChanceHandlers } from "./handlers/games-of-chance";
import { giftTicketHandlers } from "./handlers/gift-tickets";
import { loyaltyHandlers } from "./handlers/loyalty";
import { playerHandlers } from "./handlers/player";
import { portalHandlers } from "./handlers/portal";
import { promotionHandlers } from "./handlers/promotions";
import { resultHandlers } from "./handlers/results";
import { siteHandlers } from "./handlers/site";
import { subscriptionCancellationHandlers } from "./handlers/subscription-cancellation";
import { subscriptionChangeHandlers } from "./handlers/subscription-changes";
import { subscriptionHandlers } from "./handlers/subscriptions";
import { ticketHandlers } from "./handlers/tickets";
import { tokenHandlers } from "./handlers/tokens";
import { walletHandlers } from "./handlers/wallet";
import type { Implementation } from "./router";

/** Every handler of the embedded API; a test checks this covers the whole contract. */
export const implementations: readonly Implementation[] = [
  ...tokenHandlers,
  ...siteHandlers,
  ...authenticationHandlers,
  ...drawHandlers,
  ...experimentHandlers,
  ...playerHandlers,
  ...portalHandlers,
  ...ageValidationHandlers,
  ...walletHandlers,
  ...communicationPreferenceHandlers,
  ...loyaltyHandlers,
  ...ticketHandlers,
  ...giftTicketHandlers,
  ...affiliateTicketHandlers,
  ...promotionHandlers,
  ...actionCodeHandlers,
  ...gameOfChanceHandlers,
  ...resultHandlers,
  // Before `POST /api/subscriptions/{pageId}` and `/verify/{pageId}`, which `cancel` and `verify/cancel` would match.
  ...subscriptionChangeHandlers,
  ...subscriptionCancellationHandlers,
  ...subscriptionHandlers,
];
