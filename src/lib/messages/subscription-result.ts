/**
 * The confirmation of a subscription (`/abonnement/resultaat`).
 * Part of the one message catalogue (`src/lib/messages.ts`).
 */

/** `/abonnement/resultaat`: back from the payment page. */
export const subscriptionResult = {
  title: "Je abonnement",
  paidTitle: "Je abonnement is afgesloten",
  paidIntro: (email: string) =>
    `Bedankt! Je eerste betaling is gelukt. We hebben een bevestiging gestuurd naar ${email}.`,
  pendingTitle: "We wachten op je betaling",
  pendingIntro: "Je betaling is nog niet afgerond. Deze pagina ververst vanzelf.",
  checking: "We controleren je betaling…",
  refresh: "Opnieuw controleren",
  failedTitle: "Je abonnement is niet afgesloten",
  failed: "Je betaling is mislukt. Er is geen abonnement afgesloten en er is niets afgeschreven.",
  cancelled: "Je hebt de betaling geannuleerd. Er is geen abonnement afgesloten.",
  expired: "Je betaling is verlopen. Er is geen abonnement afgesloten.",
  tryAgain: "Probeer het opnieuw met je keuze",
  notFound: "We kunnen dit abonnement niet vinden.",
  monthly: "Per maand",
  firstDraw: "Je speelt mee vanaf",
  collected: (amount: string) =>
    `In elke maand waarin je meespeelt, schrijven we ${amount} af met automatische incasso, rond de trekking.`,
  firstPaid: (amount: string) => `Je eerste betaling van ${amount} is met iDEAL betaald.`,
  mandateId: "Kenmerk machtiging",
  iban: "Rekening",
  promotion: "Aanbieding",
  sweepstakeTitle: "De winactie",
  sweepstakeWon: (prize: string) => `Gefeliciteerd! Je hebt ${prize} gewonnen. We nemen contact met je op.`,
  sweepstakeLost: "Helaas, je hebt deze keer niet gewonnen in de winactie.",
  sweepstakePending: "De uitslag van de winactie zie je zodra je betaling binnen is.",
  toMySubscriptions: "Naar Mijn abonnementen",
} as const;
