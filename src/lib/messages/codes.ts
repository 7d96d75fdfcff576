/** Error codes of spec section 8 and their Dutch texts. Part of the one message catalogue (`src/lib/messages.ts`). */

/** Portal error codes (spec section 8). Codes not listed give the generic message. */
export const portalCodes = {
  RateLimitError: "Je hebt te vaak een verzoek gedaan. Vink de reCaptcha aan en probeer het opnieuw.",
  RecaptchaNotValidError: "Je hebt te vaak een verzoek gedaan. Vink de reCaptcha aan en probeer het opnieuw.",
  LookupAddressNotFoundError:
    "De combinatie van postcode en huisnummer is niet bekend. Neem contact op met de klantenservice.",
  PasswordInvalidError: "Het wachtwoord is niet juist.",
  AccountNameAlreadyTakenError: "Er bestaat al een account met dit e-mailadres.",
  IbanAlreadyInUseError: "Dit IBAN-nummer wordt al gebruikt. Neem contact op met de klantenservice.",
} as const;

/** Shop error codes (spec section 8). Codes not listed give the generic message. */
export const shopCodes = {
  UserHasNoSubscriptionError: "Je hebt geen abonnement dat je kunt opzeggen.",
  SubscriptionAlreadyCanceledError: "Je abonnement is al opgezegd.",
  NoOfferAvailableError: "Dit aanbod is niet meer beschikbaar.",
  OfferNotAvailableError: "Dit aanbod is niet meer beschikbaar.",
  VoucherCodeAlreadyClaimedError: "Deze code is ongeldig of al gebruikt.",
  VoucherCodeNotFoundError: "Deze code is ongeldig of al gebruikt.",
  RecaptchaNotValidError: "De reCaptcha is ongeldig, probeer het opnieuw.",
  RateLimitError: "Je hebt te vaak een verzoek gedaan. Vul de reCaptcha in en probeer het opnieuw.",
  ActionExpiredError: "Deze actie is verlopen.",
  ActionNotActiveError: "Deze actie is nog niet actief.",
  ActionNotFoundError: "Deze actie bestaat niet.",
  SubscriptionNotCancelableError:
    "Je abonnement kan niet online worden opgezegd. Neem contact op met de klantenservice.",
  EmailValidationError: "Naar dit e-mailadres kunnen we geen lot sturen.",
  InvalidEmailAddressError: "Naar dit e-mailadres kunnen we geen lot sturen.",
  UserAlreadyParticipatedError: "Je hebt het maximale aantal keer meegedaan.",
  MaximumNumberOfParticipationsReachedError: "Je hebt het maximale aantal keer meegedaan.",
  SubscriptionLockedError: "Je abonnement is geblokkeerd vanwege een openstaande betaling.",
  TransactionAlreadyProcessedError: "Deze bestelling is mogelijk al verwerkt. Controleer je bestellingen.",
  TransactionRolledbackError: "Je bestelling is niet gelukt, probeer het opnieuw.",
  NoActivatedActionFoundError:
    "Deze code is ongeldig. Ga naar de actiepagina om je persoonlijke code in te voeren.",
  DuplicateTicketError: "Je hebt een lotnummer dubbel ingevoerd.",
  BasketItemInvalidError: "Er was iets mis met het lot in je winkelmandje.",
  RetailTicketNotFoundError: "We kennen deze barcode niet. Controleer de cijfers onder de streepjescode.",
  RetailTicketAlreadyLinkedError: "Dit winkellot is al aan een account gekoppeld.",
  AgeValidationRequiredError:
    "Bevestig eerst met iDIN dat je 18 jaar of ouder bent. Daarna kun je online betalen.",
  LoyaltyAlreadySubscribedError: "Je doet al mee met Kroonpunten.",
} as const;

export type PortalErrorCode = keyof typeof portalCodes;

export type ShopErrorCode = keyof typeof shopCodes;

export type ErrorCode = PortalErrorCode | ShopErrorCode;

/** Codes after which the form must ask for the reCAPTCHA (spec section 8). */
export const recaptchaCodes: ReadonlySet<string> = new Set(["RateLimitError", "RecaptchaNotValidError"]);

/** Resolves the Dutch text for an error code, falling back to the generic message (spec section 8). */
export function messageForCode(code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (Object.hasOwn(shopCodes, code)) return shopCodes[code as ShopErrorCode];
  if (Object.hasOwn(portalCodes, code)) return portalCodes[code as PortalErrorCode];
  return undefined;
}
