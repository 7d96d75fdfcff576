/**
 * The e-mails the shop sends (issue 42): one object per kind of `src/domain/emails/kinds.ts`, sentence by
 * sentence, rendered by `src/backend/emails`. Amounts and dates come in formatted as on the site. Part of the
 * one message catalogue (`src/lib/messages.ts`).
 */

import { purchaseTypeLabels } from "./tickets";

/** What every e-mail shares: the header, greeting, closing and footer. */
export const emailLayout = {
  brand: "Kroonloterij",
  greeting: (firstName: string) => `Beste ${firstName},`,
  regards: "Met vriendelijke groet,",
  playResponsibly: "Speel bewust 18+",
  footer: "Deze e-mail is verstuurd door Kroonloterij.",
  /** Marketing kinds only, with the unsubscribe link after it. */
  marketingReason: "Je krijgt deze e-mail omdat je nieuws en acties van Kroonloterij wilt ontvangen.",
  unsubscribe: "Afmelden voor deze e-mails",
} as const;

export const emailOrderConfirmation = {
  subject: "Je loten voor de Kroonloterij",
  preview: (total: string) => `Bedankt voor je bestelling van ${total}. Hier zijn je lotnummers.`,
  heading: "Bedankt voor je bestelling!",
  intro: (total: string) => `Bedankt voor je bestelling van ${total}. Dit zijn je lotnummers:`,
  draw: (drawName: string, date: string) => `${drawName} (${date})`,
  numbers: (numbers: readonly string[]) => numbers.join(", "),
  findThem:
    "Je vindt je loten ook altijd op Mijn Kroonloterij, onder Mijn loten. Prijzen op online loten betalen we automatisch uit.",
  toMyTickets: "Bekijk je loten",
} as const;

/** The giver's confirmation of a paid gift ticket. */
export const emailGiftOrderConfirmation = {
  subject: "Bedankt voor je cadeaulot",
  preview: (recipientName: string, sendOn: string) =>
    `${recipientName} krijgt het lot op ${sendOn} per e-mail.`,
  heading: "Bedankt voor je cadeaulot",
  /** `draw`: `Maandtrekking december 2026 van 10 december 2026`. */
  draw: (drawName: string, date: string) => `${drawName} van ${date}`,
  intro: (amount: string, number: string, draw: string) =>
    `Bedankt voor je bestelling van ${amount}. Je cadeaulot ${number} speelt mee in de ${draw}.`,
  delivery: (sendOn: string, recipientName: string) =>
    `Op ${sendOn} krijgt ${recipientName} een e-mail met het lot, je bericht en een persoonlijke code om het lot te verzilveren.`,
  prizeForRecipient: "Wint het lot, dan is de prijs voor de ontvanger.",
} as const;

/** The gift ticket itself, to its recipient. */
export const emailGiftTicket = {
  subject: (giver: string) => `${giver} geeft je een lot van de Kroonloterij!`,
  preview: (giver: string, draw: string) => `${giver} geeft je een lot voor de ${draw}.`,
  heading: "Je hebt een lot cadeau gekregen",
  greeting: (recipientName: string) => `Beste ${recipientName},`,
  draw: (drawName: string, date: string) => `${drawName} van ${date}`,
  /** `ticket`: `heel lot` or `vijfde lot`. */
  intro: (giver: string, ticket: string, draw: string) => `${giver} geeft je een ${ticket} voor de ${draw}.`,
  messageFrom: (giver: string) => `${giver} schrijft:`,
  code: (code: string) => `Je persoonlijke code: ${code}`,
  howToRedeem:
    "Verzilver je lot met deze code: log in of maak een account aan en het lot staat in Mijn loten.",
  redeem: "Verzilver je lot",
  goodLuck: "Veel geluk!",
} as const;

export const emailSubscriptionConfirmation = {
  subject: "Je abonnement op de Kroonloterij",
  preview: (monthly: string) => `Je abonnement is afgesloten. In een maand waarin je meespeelt: ${monthly}.`,
  heading: "Bedankt voor je abonnement",
  /** The start draw as the intro names it: `Maandtrekking januari 2027 (8 januari 2027)`. */
  startDraw: (drawName: string, date: string) => `${drawName} (${date})`,
  intro: (startDraw: string | null) =>
    startDraw
      ? `Bedankt voor je abonnement op de Kroonloterij. Je speelt mee vanaf de ${startDraw} met:`
      : "Bedankt voor je abonnement op de Kroonloterij. Je speelt mee met:",
  subscriptionNumber: (subscriptionId: number) => `Je abonnementsnummer is ${subscriptionId}.`,
  item: (description: string, pricePerDraw: string) => `${description}: ${pricePerDraw} per trekking`,
  allMonths: "Je speelt elke maand mee.",
  someMonths: (months: string) => `Je speelt mee in ${months}.`,
  promotion: (label: string, draws: number, discountPercent: number) =>
    `${label}: de eerste ${draws === 1 ? "trekking krijg" : `${draws} trekkingen krijg`} je ${discountPercent}% korting.`,
  amounts: (monthly: string, first: string) =>
    `In een maand waarin je meespeelt, schrijven we ${monthly} af. De eerste betaling van ${first} heb je met iDEAL betaald.`,
  scheduleTitle: "Wat we de komende trekkingen afschrijven:",
  scheduleLine: (drawName: string, date: string, amount: string, trial: boolean) =>
    `${drawName} (${date}): ${amount}${trial ? ` (${purchaseTypeLabels.TrialSubscription})` : ""}`,
  mandate: (details: { ibanMasked: string; accountHolder: string; mandateId: string; mandateDate: string }) =>
    `We schrijven af van rekening ${details.ibanMasked} (${details.accountHolder}) met een doorlopende machtiging voor automatische incasso. Kenmerk machtiging: ${details.mandateId}, afgegeven op ${details.mandateDate}. Een afschrijving kun je binnen 8 weken via je bank laten terugboeken.`,
  findIt:
    "Je abonnement en je loten vind je altijd op Mijn Kroonloterij, onder Mijn abonnementen en Mijn loten.",
  toMySubscriptions: "Bekijk je abonnement",
} as const;

export const emailSubscriptionCancellation = {
  subject: "Je opzegging bij de Kroonloterij",
  preview: (subscriptionId: number) => `We hebben je opzegging voor abonnement ${subscriptionId} ontvangen.`,
  heading: "Je opzegging",
  whole: (subscriptionId: number) => `Je hebt je abonnement ${subscriptionId} opgezegd.`,
  items: (subscriptionId: number) => `Je hebt de volgende loten van abonnement ${subscriptionId} opgezegd:`,
  /** The last draw as the sentence names it: `Maandtrekking december 2026 op 10 december 2026`. */
  lastDraw: (drawName: string, date: string) => `${drawName} op ${date}`,
  lastTime: (lastDraw: string, whole: boolean) =>
    `Je speelt voor het laatst mee in de ${lastDraw}. Daarna schrijven we niets meer af voor ${whole ? "dit abonnement" : "deze loten"}.`,
  noMore: "Je speelt niet meer mee en we schrijven niets meer af.",
  goodbye: "Jammer dat je stopt. Je bent altijd welkom terug.",
} as const;

/** A collection the bank could not collect: the subscription is locked until it is paid. */
export const emailCollectionFailed = {
  subject: "Je afschrijving is niet gelukt",
  preview: (amount: string) => `Betaal ${amount} om je abonnement weer actief te maken.`,
  heading: "Je afschrijving is niet gelukt",
  failed: (amount: string, drawName: string, subscriptionId: number) =>
    `Het is niet gelukt om ${amount} voor de ${drawName} af te schrijven voor je abonnement ${subscriptionId}. Je abonnement is daarom geblokkeerd: zolang dit bedrag openstaat, kun je het niet wijzigen en speel je na de volgende trekking niet meer mee.`,
  payNow: "Betaal het openstaande bedrag met iDEAL of van je saldo, dan is je abonnement meteen weer actief.",
  pay: "Betaal het openstaande bedrag",
} as const;

/** What the two refunds into the wallet share. */
const walletUse =
  "Je saldo zie je op Mijn Kroonloterij, onder Mijn saldo. Je kunt het gebruiken voor loten of laten overmaken naar je rekening.";
const toMyWallet = "Bekijk je saldo";

/** A collection paid twice: the second payment went into the wallet. */
export const emailCollectionRefund = {
  subject: "We hebben een dubbele betaling teruggezet op je saldo",
  preview: (amount: string) => `${amount} staat weer op je saldo bij de Kroonloterij.`,
  heading: "Je dubbele betaling staat op je saldo",
  refunded: (amount: string, subscriptionId: number) =>
    `Het openstaande bedrag van je abonnement ${subscriptionId} is twee keer betaald: door jou en daarna (of daarvoor) ook door de afschrijving van je bank. Je betaalt een trekking maar één keer, dus hebben we ${amount} teruggezet op je saldo bij de Kroonloterij.`,
  walletUse,
  toMyWallet,
} as const;

/** A replaced sign-up's first payment, approved late: back into the wallet. */
export const emailSignUpRefund = {
  subject: "We hebben je betaling teruggezet op je saldo",
  preview: (amount: string) => `${amount} staat weer op je saldo bij de Kroonloterij.`,
  heading: "Je betaling staat op je saldo",
  refunded: (amount: string) =>
    `Je hebt een betaling van ${amount} goedgekeurd voor een abonnement dat je daarna opnieuw hebt afgesloten. Daarvoor sluiten we geen tweede abonnement af: we hebben ${amount} teruggezet op je saldo bij de Kroonloterij.`,
  walletUse,
  toMyWallet,
} as const;

export const emailPrize = {
  subject: (drawName: string) => `Je hebt prijs in de ${drawName}!`,
  preview: (drawName: string) => `Gefeliciteerd! Je hebt prijs in de ${drawName}.`,
  heading: "Gefeliciteerd, je hebt prijs!",
  won: (tickets: number, drawName: string) =>
    `Gefeliciteerd! ${tickets === 1 ? "Je lot is" : `${tickets} van je loten zijn`} in de prijzen gevallen in de ${drawName}.`,
  credited: (amount: string) => `We hebben ${amount} op je saldo gezet. Je ziet het bij Mijn saldo.`,
  claim: (amount: string) =>
    `Een prijs van ${amount} betalen we uit na een controle van je identiteit. Neem contact op met de klantenservice.`,
  toMyWallet,
  toMyTickets: "Bekijk je loten",
  closing: "Veel plezier ermee,",
} as const;

/** A winner of a promotional game of chance. */
export const emailGameWinner = {
  subject: (gameTitle: string) => `Je hebt gewonnen: ${gameTitle}`,
  preview: (prize: string) => `Gefeliciteerd! Je hebt gewonnen: ${prize}.`,
  heading: "Gefeliciteerd, je hebt gewonnen!",
  won: (prize: string, ticketNumber: string | null) =>
    ticketNumber
      ? `Gefeliciteerd! Met je lot ${ticketNumber} heb je gewonnen: ${prize}.`
      : `Gefeliciteerd! Je hebt gewonnen: ${prize}.`,
  contact: "We nemen binnen vijf werkdagen contact met je op over de prijs.",
} as const;

export const emailDeposit = {
  subject: "Je storting is gelukt",
  preview: (amount: string, balance: string) => `${amount} staat op je saldo. Je saldo is nu ${balance}.`,
  heading: "Je storting is gelukt",
  deposited: (amount: string) => `We hebben je storting van ${amount} op je saldo gezet.`,
  balance: (balance: string) => `Je saldo is nu ${balance}.`,
  use: "Je kunt je saldo gebruiken voor loten of laten overmaken naar je rekening.",
  notYou: "Heb je deze storting niet zelf gedaan? Neem dan contact op met de klantenservice.",
  toMyWallet,
} as const;

export const emailWithdrawal = {
  subject: "We maken je geld over naar je rekening",
  preview: (amount: string) => `${amount} is onderweg naar je rekening.`,
  heading: "Je opname is onderweg",
  withdrawn: (amount: string, ibanMasked: string) =>
    `We maken ${amount} van je saldo over naar je rekening ${ibanMasked}. Meestal staat het binnen één werkdag op je rekening.`,
  notYou: "Heb je dit niet zelf gedaan? Neem dan meteen contact op met de klantenservice.",
  toMyWallet,
} as const;

/** The result of an age validation through iDIN, per outcome. */
export const emailAgeValidation = {
  validated: {
    subject: "Je leeftijd is bevestigd",
    heading: "Je leeftijd is bevestigd",
    body: [
      "Je bank heeft met iDIN bevestigd dat je 18 jaar of ouder bent. Je kunt nu online meespelen bij Kroonloterij.",
      "Je hoeft dit niet opnieuw te doen.",
    ],
    action: "Naar Mijn Kroonloterij",
  },
  flagged: {
    subject: "We controleren je gegevens",
    heading: "We controleren je gegevens",
    body: [
      "De naam of geboortedatum die je bank met iDIN doorgaf, wijkt af van de gegevens in je account.",
      "De klantenservice kijkt ernaar. Je hoort van ons zodra je online kunt meespelen; je hoeft zelf niets te doen.",
    ],
    action: "Naar Mijn Kroonloterij",
  },
  failed: {
    subject: "Je leeftijdscontrole is niet gelukt",
    heading: "Je leeftijdscontrole is niet gelukt",
    body: [
      "Het is niet gelukt om je leeftijd met iDIN te bevestigen. Je leeftijd is dus nog niet bevestigd.",
      "Probeer het opnieuw op Mijn Kroonloterij. Het duurt maar een paar minuten.",
    ],
    action: "Bevestig je leeftijd",
  },
  underage: {
    subject: "Je kunt nog niet online meespelen",
    heading: "Je kunt nog niet online meespelen",
    body: [
      "Je bank heeft met iDIN doorgegeven dat je jonger bent dan 18 jaar. Meespelen bij Kroonloterij kan vanaf 18 jaar, dus je kunt nog geen loten kopen.",
      "Klopt dit niet? Neem dan contact op met de klantenservice.",
    ],
    action: "Naar de website",
  },
} as const;

/** Double opt-in of a promotion's sign-up. */
export const emailLeadConfirmation = {
  subject: (promotionTitle: string) => `Bevestig je aanmelding voor ${promotionTitle}`,
  preview: "Bevestig je aanmelding: pas daarna doe je mee.",
  heading: "Bevestig je aanmelding",
  signedUp: (promotionTitle: string) => `Je hebt je aangemeld voor ${promotionTitle}.`,
  confirmFirst: "Bevestig je aanmelding met de link hieronder. Pas als je hebt bevestigd, doe je mee.",
  confirm: "Ja, ik bevestig mijn aanmelding",
  notYou: "Heb je je niet aangemeld? Dan kun je deze e-mail negeren: zonder bevestiging doe je niet mee.",
} as const;

/** "Wachtwoord vergeten?" (issue 43): the one-time link to choose a new password. */
export const emailPasswordReset = {
  subject: "Kies een nieuw wachtwoord",
  preview: "Met de link in deze e-mail kies je een nieuw wachtwoord. De link is een uur geldig.",
  heading: "Kies een nieuw wachtwoord",
  asked: "We kregen een verzoek om een nieuw wachtwoord voor je Kroonloterij-account.",
  choose: "Kies een nieuw wachtwoord",
  validUntil: (dateTime: string) => `De link is een uur geldig, tot ${dateTime}, en werkt één keer.`,
  notYou: "Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren: je wachtwoord blijft hetzelfde.",
} as const;

/** The password was changed under /mijn/profiel (issue 43). */
export const emailPasswordChanged = {
  subject: "Je wachtwoord is gewijzigd",
  preview: "Het wachtwoord van je Kroonloterij-account is gewijzigd.",
  heading: "Je wachtwoord is gewijzigd",
  changed: (dateTime: string) => `Het wachtwoord van je Kroonloterij-account is gewijzigd op ${dateTime}.`,
  signedOut: "Op andere apparaten en browsers ben je uitgelogd. Log daar in met je nieuwe wachtwoord.",
  notYou: "Heb je dit niet zelf gedaan? Neem dan meteen contact op met de klantenservice.",
  toCustomerService: "Naar de klantenservice",
} as const;

/** To the new address of an e-mail change (issue 43): the confirmation link. */
export const emailEmailChangeConfirmation = {
  subject: "Bevestig je nieuwe e-mailadres",
  preview: "Klik op de link om dit e-mailadres voor je Kroonloterij-account te gebruiken.",
  heading: "Bevestig je nieuwe e-mailadres",
  asked: (email: string) =>
    `Je hebt gevraagd om ${email} voortaan te gebruiken voor je Kroonloterij-account. Bevestig dat met de knop hieronder.`,
  confirm: "Bevestig mijn nieuwe e-mailadres",
  validUntil: (dateTime: string) => `De link is 24 uur geldig, tot ${dateTime}, en werkt één keer.`,
  notYou: "Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren: er verandert niets.",
} as const;

/** To the old address of an e-mail change (issue 43): the notice. */
export const emailEmailChangeNotice = {
  subject: "Je e-mailadres wordt gewijzigd",
  preview: "Er is gevraagd om het e-mailadres van je Kroonloterij-account te wijzigen.",
  heading: "Je e-mailadres wordt gewijzigd",
  asked: (dateTime: string, maskedEmail: string) =>
    `Op ${dateTime} is gevraagd om het e-mailadres van je Kroonloterij-account te wijzigen in ${maskedEmail}.`,
  whenConfirmed:
    "Het nieuwe e-mailadres gaat pas in als het via de link in onze e-mail aan dat adres is bevestigd. Daarna log je in met het nieuwe adres.",
  notYou: "Heb je dit niet zelf gedaan? Neem dan meteen contact op met de klantenservice.",
  toCustomerService: "Naar de klantenservice",
} as const;

/** A game of chance's personal link (marketing). */
export const emailGameInvitation = {
  subject: (gameTitle: string) => `Doe mee met ${gameTitle}`,
  preview: (prize: string) => `Maak kans op ${prize}. Meedoen kost je één klik.`,
  heading: (gameTitle: string) => `Doe mee met ${gameTitle}`,
  prize: (prize: string) => `Te winnen: ${prize}`,
  invite: (tickets: number, gameTitle: string) =>
    tickets === 1
      ? `Doe met je lot mee aan ${gameTitle}. Met één klik doet het mee.`
      : `Doe met je ${tickets} loten mee aan ${gameTitle}. Met één klik doen ze allemaal mee.`,
  until: (date: string) => `Meedoen kan tot ${date}.`,
  enter: "Ja, ik doe mee",
} as const;
