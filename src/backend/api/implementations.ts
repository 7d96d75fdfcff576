import { actionCodeHandlers } from "@/src/backend/slices/action-codes/handlers";
import { affiliateTicketHandlers } from "@/src/backend/slices/affiliate-tickets/handlers";
import { ageValidationHandlers } from "@/src/backend/slices/age-validation/handlers";
import { authenticationHandlers } from "@/src/backend/slices/authentication/handlers";
import { communicationPreferenceHandlers } from "@/src/backend/slices/communication-preferences/handlers";
import { customerServiceHandlers } from "@/src/backend/slices/customer-service/handlers";
import { drawHandlers } from "@/src/backend/slices/draws/handlers";
import { experimentHandlers } from "@/src/backend/slices/experiments/handlers";
import { gameOfChanceHandlers } from "@/src/backend/slices/games-of-chance/handlers";
import { giftTicketHandlers } from "@/src/backend/slices/gift-tickets/handlers";
import { loyaltyHandlers } from "@/src/backend/slices/loyalty/handlers";
import { orderHistoryHandlers } from "@/src/backend/slices/order-history/handlers";
import { playerHandlers } from "@/src/backend/slices/player/handlers";
import { portalHandlers } from "@/src/backend/slices/portal/handlers";
import { promotionHandlers } from "@/src/backend/slices/promotions/handlers";
import { resultHandlers } from "@/src/backend/slices/results/handlers";
import { siteHandlers } from "@/src/backend/slices/site/handlers";
import { subscriptionCancellationHandlers } from "@/src/backend/slices/subscriptions/cancellation-handlers";
import { subscriptionChangeHandlers } from "@/src/backend/slices/subscriptions/change-handlers";
import { subscriptionHandlers } from "@/src/backend/slices/subscriptions/handlers";
import { ticketHandlers } from "@/src/backend/slices/tickets/handlers";
import { tokenHandlers } from "@/src/backend/slices/tokens/handlers";
import { walletHandlers } from "@/src/backend/slices/wallet/handlers";
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
  ...orderHistoryHandlers,
  ...communicationPreferenceHandlers,
  ...loyaltyHandlers,
  ...ticketHandlers,
  ...giftTicketHandlers,
  ...affiliateTicketHandlers,
  ...promotionHandlers,
  ...customerServiceHandlers,
  ...actionCodeHandlers,
  ...gameOfChanceHandlers,
  ...resultHandlers,
  // Before `POST /api/subscriptions/{pageId}` and `/verify/{pageId}`, which `cancel` and `verify/cancel` would match.
  ...subscriptionChangeHandlers,
  ...subscriptionCancellationHandlers,
  ...subscriptionHandlers,
];
