import { pages } from "./pages";

/** Gift tickets (issue 17). Part of the one message catalogue (`src/lib/messages.ts`). */

/** The gift API's validation and refusal messages (shown at the form's fields). */
export const giftMessages = {
  /** The giver asks to send a gift's e-mail again (issue 43) when it cannot go (again). */
  resendNotPossible: (redeemed: boolean) =>
    redeemed
      ? "Dit cadeaulot is al verzilverd. De e-mail opnieuw sturen is niet meer nodig."
      : "Dit cadeaulot is nog niet verstuurd. De e-mail gaat vanzelf uit op de dag die je koos.",
  draw: "Kies de trekking waarvoor je het lot geeft",
  fraction: "Kies een heel lot of een vijfde lot",
  fractionNotOffered: "Dit soort lot kun je hier niet cadeau geven",
  recipientName: "Vul de naam van de ontvanger in",
  recipientNameTooLong: (max: number) => `De naam van de ontvanger kan maximaal ${max} tekens lang zijn`,
  recipientEmail: "Vul het e-mailadres van de ontvanger in",
  emailInvalid: "Dit is geen geldig e-mailadres",
  emailRefused: "Naar dit e-mailadres kunnen we geen lot sturen",
  message: (max: number) => `Je bericht kan maximaal ${max} tekens lang zijn`,
  sendOn: "Kies de dag waarop de ontvanger het cadeau krijgt",
  // The shop's field is typed as day-month-year (issue 43); said when what was typed cannot be read so.
  sendOnFormat: "Vul de dag in als dd-mm-jjjj, bijvoorbeeld 24-12-2026, of laat het leeg voor vandaag",
  sendOnPast: "Deze dag is al voorbij. Kies vandaag of een dag in de toekomst.",
  sendOnTooFar: (days: number) => `Je kunt een cadeau tot ${days} dagen vooruit versturen`,
  sendOnAfterDraw: (lastDay: string) =>
    `Het lot moet aankomen voor de trekking. Kies uiterlijk ${lastDay}, of een latere trekking.`,
  code: "Vul de code van je cadeaulot in: 8 letters en cijfers, bijvoorbeeld ABCD-EFGH",
  notFound: "Deze code is ongeldig of al gebruikt.",
  alreadyRedeemed: "Deze code is ongeldig of al gebruikt.",
  storeNotFound: "Je cadeau is niet meer bewaard. Vul het formulier opnieuw in.",
  // A gift's payment that did not go through: back to the gift, all of it kept (issue 40).
  paymentCancelled: "Je hebt de betaling geannuleerd. Je cadeaulot staat nog klaar.",
  paymentFailed: "Je betaling is niet gelukt. Je cadeaulot staat nog klaar, probeer het opnieuw.",
  paymentExpired: "Je betaling is verlopen. Je cadeaulot staat nog klaar, probeer het opnieuw.",
  issuer: "Kies je bank",
} as const;

/** The block, `/cadeau/geven` (pay) and `/cadeau/verzilveren` (redeem). */
export const giftPage = {
  giveTitle: "Geef een lot cadeau",
  drawLabel: "Trekking",
  fractionLabel: "Soort lot",
  whole: (price: string) => `Heel lot (${price})`,
  fifth: (price: string) => `Vijfde lot (${price})`,
  recipientNameLabel: "Naam van de ontvanger",
  recipientEmailLabel: "E-mailadres van de ontvanger",
  messageLabel: "Je bericht (optioneel)",
  sendOnLabel: "Versturen op",
  sendOnHint:
    "Als dd-mm-jjjj; leeg is vandaag. De ontvanger krijgt op deze dag een e-mail met het lot en een persoonlijke code.",
  continue: "Verder naar betalen",
  noDraws: "Er zijn nu geen trekkingen waarvoor je een lot cadeau kunt geven.",
  redeemTitle: "Cadeaulot verzilveren",
  redeemIntro: "Heb je een lot cadeau gekregen? Vul je code in en het lot staat meteen in Mijn loten.",
  codeLabel: "Code",
  redeem: "Verzilveren",
  // `/cadeau/geven`
  payTitle: pages.giftPay.title,
  payIntro: "Controleer je cadeau en kies hoe je betaalt.",
  summaryTicket: "Lot",
  summaryDraw: "Trekking",
  summaryRecipient: "Voor",
  summarySendOn: "Versturen op",
  summaryMessage: "Bericht",
  change: "Cadeau aanpassen",
  pay: (amount: string) => `Betaal ${amount}`,
  // `/cadeau/verzilveren`
  redeemPageTitle: pages.giftRedeem.title,
  redeemed: (number: string, draw: string) =>
    `Gelukt! Lot ${number} speelt mee in ${draw}. Je vindt het in Mijn loten.`,
  redeemedTitle: "Je cadeaulot is verzilverd",
  // What the code gives, before redeeming (issue 43)
  previewTitle: (giver: string) => `Een cadeau van ${giver}`,
  previewTicket: (whole: boolean, draw: string) =>
    `${whole ? "Een heel lot" : "Een vijfde lot"} voor ${draw}.`,
  previewMessage: (giver: string) => `Bericht van ${giver}`,
  loggedInReady:
    "Je bent ingelogd. Je code staat al ingevuld: klik op Verzilveren en het lot staat in Mijn loten.",
  toMyTickets: "Naar Mijn loten",
  // Redeeming without an account: iDIN, then the portal (`/cadeau/verzilveren/idin`)
  withAccountTitle: "Heb je een account?",
  loginToRedeem: "Inloggen en verzilveren",
  withIdinTitle: "Nog geen account?",
  withIdinIntro:
    "Verzilver je lot met iDIN: je bank bevestigt dat je 18 jaar of ouder bent. Daarna maak je je account aan en staat het lot erin.",
  bankLabel: "Je bank",
  chooseBank: "Kies je bank",
  redeemWithIdin: "Verzilveren met iDIN",
  idinTitle: "Je cadeaulot verzilveren",
  idinVerified: (name: string) =>
    `Bedankt, ${name}. Je bank heeft bevestigd dat je 18 jaar of ouder bent. Maak nu je account aan met dezelfde naam en geboortedatum; daarna staat het lot in Mijn loten.`,
  idinRegister: "Account aanmaken",
  idinLogin: "Ik heb al een account",
  idinPending: "Je bank heeft je iDIN-controle nog niet afgerond. Probeer het over een paar minuten opnieuw.",
  idinRetry: "Opnieuw proberen",
  idinUnderage:
    "Volgens je bank ben je jonger dan 18 jaar. Een lot kan alleen worden verzilverd door iemand van 18 jaar of ouder.",
  idinCancelled:
    "Je hebt de iDIN-controle afgebroken. Je lot is nog niet verzilverd; je kunt het opnieuw proberen.",
  idinFailed: "De iDIN-controle is niet gelukt. Je lot is nog niet verzilverd; je kunt het opnieuw proberen.",
  idinMismatch:
    "De naam of geboortedatum van je account is niet dezelfde als bij je bank. Je lot is nog niet verzilverd; neem contact op met de klantenservice.",
  /** Beside `idinMismatch`, with the link to `/klantenservice` (issue 43). */
  idinMismatchNext:
    "Houd je cadeaucode bij de hand: de klantenservice kijkt je gegevens na en helpt je verder.",
  idinNotFound: "We kunnen deze verzilvering niet vinden. Begin opnieuw met je code.",
  backToRedeem: "Terug naar verzilveren",
} as const;
