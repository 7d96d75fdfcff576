import { actionCodeHandlers } from "../slices/action-codes/handlers";
import { affiliateTicketHandlers } from "../slices/affiliate-tickets/handlers";
import { ageValidationHandlers } from "../slices/age-validation/handlers";
import { authenticationHandlers } from "../slices/authentication/handlers";
import { communicationPreferenceHandlers } from "../slices/communication-preferences/handlers";
import { drawHandlers } from "../slices/draws/handlers";
import { experimentHandlers } from "../slices/experiments/handlers";
import { gameOfChanceHandlers } from "../slices/games-of-chance/handlers";
import { giftTicketHandlers } from "../slices/gift-tickets/handlers";
import { loyaltyHandlers } from "../slices/loyalty/handlers";
import { playerHandlers } from "../slices/player/handlers";
import { portalHandlers } from "../slices/portal/handlers";
import { promotionHandlers } from "../slices/promotions/handlers";
import { resultHandlers } from "../slices/results/handlers";
import { siteHandlers } from "../slices/site/handlers";
import { subscriptionCancellationHandlers } from "../slices/subscriptions/cancellation-handlers";
import { subscriptionChangeHandlers } from "../slices/subscriptions/change-handlers";
import { subscriptionHandlers } from "../slices/subscriptions/handlers";
import { ticketHandlers } from "../slices/tickets/handlers";
import { tokenHandlers } from "../slices/tokens/handlers";
import { walletHandlers } from "../slices/wallet/handlers";
import type { Implementation } from "../http/router";

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
