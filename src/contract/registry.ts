import { actionCodeEndpoints } from "./action-codes";
import { affiliateTicketEndpoints } from "./affiliate-tickets";
import { ageValidationEndpoints } from "./age-validation";
import { login, logout } from "./authentication";
import { communicationPreferenceEndpoints } from "./communication-preferences";
import type { EndpointDefinition } from "./define";
import { getPublishedDraws } from "./draws";
import { getExperiment } from "./experiments";
import { gameOfChanceEndpoints } from "./games-of-chance";
import { giftTicketEndpoints } from "./gift-tickets";
import { loyaltyEndpoints } from "./loyalty";
import { getPlayerDetails } from "./player";
import { getProfile, lookupAddress, lookupAddressWithExtension, register } from "./portal";
import { promotionEndpoints } from "./promotions";
import {
  checkTickets,
  getBoulevardGame,
  getBoulevardTickets,
  getDrawResult,
  getDrawResults,
  getTicketCheckerDraws,
  linkRetailTicket,
  unlinkRetailTicket,
} from "./results";
import { getEmergencyBanner, getLocalRecaptchaToken } from "./site";
import { subscriptionChangeEndpoints } from "./subscription-changes";
import {
  getSubscriptionConfiguratorProducts,
  getSubscriptionItem,
  getSubscriptionOrder,
  getSubscriptionPriceDetails,
  getSubscriptionProducts,
  getSubscriptions,
  getSweepstakeResult,
  takeOutSubscription,
  verifySubscription,
} from "./subscriptions";
import {
  buyConfiguredTicket,
  continueOrder,
  getParticipations,
  getPriceDetails,
  storeBasket,
  verifyBasket,
  verifyConfiguredTicket,
  verifyExternalTickets,
} from "./tickets";
import { getPortalToken, getShopToken } from "./tokens";
import { walletEndpoints } from "./wallet";

/** Every endpoint of the contract: the OpenAPI document and the router are checked against this list. */
export const contract = [
  getShopToken,
  getPortalToken,
  login,
  logout,
  getPublishedDraws,
  getExperiment,
  getPlayerDetails,
  getEmergencyBanner,
  getLocalRecaptchaToken,
  lookupAddressWithExtension,
  lookupAddress,
  getProfile,
  register,
  getPriceDetails,
  verifyConfiguredTicket,
  verifyBasket,
  verifyExternalTickets,
  buyConfiguredTicket,
  storeBasket,
  continueOrder,
  getParticipations,
  getDrawResults,
  getTicketCheckerDraws,
  getDrawResult,
  checkTickets,
  linkRetailTicket,
  unlinkRetailTicket,
  getBoulevardTickets,
  getBoulevardGame,
  ...ageValidationEndpoints,
  ...walletEndpoints,
  ...communicationPreferenceEndpoints,
  ...loyaltyEndpoints,
  ...giftTicketEndpoints,
  ...affiliateTicketEndpoints,
  ...promotionEndpoints,
  ...actionCodeEndpoints,
  ...gameOfChanceEndpoints,
  ...subscriptionChangeEndpoints,
  getSubscriptionPriceDetails,
  getSubscriptionConfiguratorProducts,
  getSubscriptionProducts,
  verifySubscription,
  getSubscriptionOrder,
  getSweepstakeResult,
  getSubscriptions,
  getSubscriptionItem,
  takeOutSubscription,
] as const satisfies readonly EndpointDefinition[];
