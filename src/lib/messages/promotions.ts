/** Promotions (issue 18). Part of the one message catalogue (`src/lib/messages.ts`). */

/** The promotion API's refusal messages (shown at the form's fields). */
export const promotionMessages = {
  firstName: "Vul je voornaam in",
  email: "Vul je e-mailadres in",
  emailInvalid: "Dit is geen geldig e-mailadres",
  emailRefused: "Met dit e-mailadres kun je niet meedoen. Gebruik je eigen, vaste e-mailadres.",
  optInChanged:
    "De tekst van een toestemming is veranderd sinds je de pagina opende. Lees de toestemmingen opnieuw en kies opnieuw.",
  notFound: "Deze actie bestaat niet (meer).",
  leadNotFound: "We kunnen je aanmelding niet vinden. Meld je opnieuw aan.",
} as const;

/** The block and `/actie/aanmelden`. */
export const promotionPage = {
  title: "Aanmelden voor de actie",
  firstNameLabel: "Voornaam",
  emailLabel: "E-mailadres",
  optInsLegend: "Waar mogen we je over informeren?",
  optInsHint: "Niets aanvinken mag ook: je doet dan gewoon mee met de actie.",
  leadOptInLink: "Lees wat je met je aanmelding afspreekt en hoe je je afmeldt",
  thanks: (firstName: string) => `Bedankt, ${firstName}. Je aanmelding is ontvangen.`,
} as const;
