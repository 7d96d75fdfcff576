import { actionCodeEndpoints } from "./action-codes";
import { affiliateTicketEndpoints } from "./affiliate-tickets";
import { ageValidationEndpoints } from "./age-validation";
import { authenticationEndpoints } from "./authentication";
import { communicationPreferenceEndpoints } from "./communication-preferences";
import { customerServiceEndpoints } from "./customer-service";
import type { EndpointDefinition } from "./define";
import { drawEndpoints } from "./draws";
import { experimentEndpoints } from "./experiments";
import { gameOfChanceEndpoints } from "./games-of-chance";
import { giftTicketEndpoints } from "./gift-tickets";
import { loyaltyEndpoints } from "./loyalty";
import { orderHistoryEndpoints } from "./order-history";
import { playerEndpoints } from "./player";
import { portalEndpoints } from "./portal";
import { promotionEndpoints } from "./promotions";
import { resultEndpoints } from "./results";
import { siteEndpoints } from "./site";
import { subscriptionChangeEndpoints } from "./subscription-changes";
import { subscriptionEndpoints } from "./subscriptions";
import { ticketEndpoints } from "./tickets";
import { tokenEndpoints } from "./tokens";
import { walletEndpoints } from "./wallet";

/**
 * Every endpoint of the contract: the OpenAPI document and the router are checked against this list. Each
 * slice's contract file exports its own list; adding an endpoint to a slice changes only that file.
 */
export const contract = [
  ...tokenEndpoints,
  ...authenticationEndpoints,
  ...drawEndpoints,
  ...experimentEndpoints,
  ...playerEndpoints,
  ...siteEndpoints,
  ...portalEndpoints,
  ...ticketEndpoints,
  ...resultEndpoints,
  ...ageValidationEndpoints,
  ...walletEndpoints,
  ...orderHistoryEndpoints,
  ...communicationPreferenceEndpoints,
  ...loyaltyEndpoints,
  ...giftTicketEndpoints,
  ...affiliateTicketEndpoints,
  ...promotionEndpoints,
  ...customerServiceEndpoints,
  ...actionCodeEndpoints,
  ...gameOfChanceEndpoints,
  ...subscriptionChangeEndpoints,
  ...subscriptionEndpoints,
] as const satisfies readonly EndpointDefinition[];
