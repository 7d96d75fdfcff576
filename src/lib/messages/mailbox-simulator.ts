/**
 * The mailbox simulator's pages (issue 42): the local stand-in for the players' inboxes, where every e-mail
 * the shop sent without SMTP_URL arrives. Part of the one message catalogue (`src/lib/messages.ts`).
 */

export const mailboxSimulator = {
  siteName: "Postbus-simulator",
  testBanner: "Testomgeving — deze e-mails zijn niet echt verstuurd",
  title: "Postbus",
  intro:
    "Alle e-mails die de webshop verstuurde, per ontvanger, de nieuwste eerst. Open een e-mail om hem te lezen zoals de speler hem ziet; de links erin werken.",
  empty: "Er zijn nog geen e-mails verstuurd.",
  filterLabel: "Alleen e-mails aan",
  filter: "Tonen",
  showAll: "Alle ontvangers",
  recipientCount: (count: number) => `(${count === 1 ? "1 e-mail" : `${count} e-mails`})`,
  received: "Ontvangen",
  subject: "Onderwerp",
  from: "Van",
  to: "Aan",
  htmlPart: "Zo ziet de speler de e-mail",
  textPart: "Tekstversie",
  headers: "Kopregels",
  frameTitle: (subject: string) => `E-mail: ${subject}`,
  noHtml: "Deze e-mail heeft geen HTML-versie.",
  noText: "Deze e-mail heeft geen tekstversie.",
  backToMailbox: "Terug naar de postbus",
  previewsLink: "Voorbeelden van alle e-mails",
  previewsTitle: "Voorbeelden van alle e-mails",
  previewsIntro:
    "Elke soort e-mail van de webshop met voorbeeldgegevens, zoals de speler hem krijgt. Handig voor redacteuren en ontwikkelaars.",
  previewTitle: (kind: string) => `Voorbeeld: ${kind}`,
  /** The kinds of e-mail (src/domain/emails/kinds.ts) as the preview list names them. */
  kindNames: {
    "order-confirmation": "Bevestiging van een bestelling",
    "gift-order-confirmation": "Bevestiging van een cadeaulot (gever)",
    "gift-ticket": "Cadeaulot (ontvanger)",
    "subscription-confirmation": "Bevestiging van een abonnement",
    "subscription-cancellation": "Bevestiging van een opzegging",
    "collection-failed": "Afschrijving mislukt",
    "collection-refund": "Dubbele betaling teruggezet",
    "subscription-sign-up-refund": "Betaling van een vervangen aanmelding teruggezet",
    prize: "Prijs in een trekking",
    "game-winner": "Winnaar van een winactie",
    deposit: "Storting op het saldo",
    withdrawal: "Opname van het saldo",
    "age-validation": "Uitkomst van de leeftijdscontrole",
    "lead-confirmation": "Aanmelding voor een actie bevestigen",
    "password-reset": "Nieuw wachtwoord kiezen",
    "password-changed": "Wachtwoord gewijzigd",
    "email-change-confirmation": "Nieuw e-mailadres bevestigen",
    "email-change-notice": "Melding aan het oude e-mailadres",
    "game-invitation": "Uitnodiging voor een winactie (marketing)",
  } as Record<string, string>,
  notFoundTitle: "E-mail niet gevonden",
  notFoundHint: "Deze e-mail bestaat niet (meer). Ga terug naar de postbus.",
} as const;
