import type { EmailKind } from "@/src/domain/emails/kinds";
import { ageValidation } from "./age-validation";
import { collectionFailed } from "./collection-failed";
import { collectionRefund } from "./collection-refund";
import { contactConfirmation } from "./contact-confirmation";
import { contactMessage } from "./contact-message";
import { deposit } from "./deposit";
import { emailChangeConfirmation } from "./email-change-confirmation";
import { emailChangeNotice } from "./email-change-notice";
import { gameInvitation } from "./game-invitation";
import { gameWinner } from "./game-winner";
import { giftOrderConfirmation } from "./gift-order-confirmation";
import { giftTicket } from "./gift-ticket";
import { leadConfirmation } from "./lead-confirmation";
import { orderConfirmation } from "./order-confirmation";
import { passwordChanged } from "./password-changed";
import { passwordReset } from "./password-reset";
import { prize } from "./prize";
import { subscriptionCancellation } from "./subscription-cancellation";
import { subscriptionConfirmation } from "./subscription-confirmation";
import { subscriptionSignUpRefund } from "./subscription-sign-up-refund";
import type { EmailTemplate } from "./template";
import { withdrawal } from "./withdrawal";

/** Every kind's template: a kind without one (or with another kind's) fails the type check. */
export const TEMPLATES: { [K in EmailKind]: EmailTemplate<K> } = {
  "order-confirmation": orderConfirmation,
  "gift-order-confirmation": giftOrderConfirmation,
  "gift-ticket": giftTicket,
  "subscription-confirmation": subscriptionConfirmation,
  "subscription-cancellation": subscriptionCancellation,
  "collection-failed": collectionFailed,
  "collection-refund": collectionRefund,
  "subscription-sign-up-refund": subscriptionSignUpRefund,
  prize,
  "game-winner": gameWinner,
  deposit,
  withdrawal,
  "age-validation": ageValidation,
  "lead-confirmation": leadConfirmation,
  "password-reset": passwordReset,
  "password-changed": passwordChanged,
  "email-change-confirmation": emailChangeConfirmation,
  "email-change-notice": emailChangeNotice,
  "contact-confirmation": contactConfirmation,
  "contact-message": contactMessage,
  "game-invitation": gameInvitation,
};
