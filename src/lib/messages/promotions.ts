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
  confirmationNotFound:
    "Deze bevestigingslink kennen we niet. Gebruik de link uit de e-mail, of meld je opnieuw aan voor de actie.",
} as const;

/** The block and `/actie/aanmelden`. */
export const promotionPage = {
  title: "Aanmelden voor de actie",
  firstNameLabel: "Voornaam",
  emailLabel: "E-mailadres",
  optInsLegend: "Waar mogen we je over informeren?",
  optInsHint: "Niets aanvinken mag ook: je doet dan gewoon mee met de actie.",
  leadOptInLink: "Lees wat je met je aanmelding afspreekt en hoe je je afmeldt",
  thanks: (firstName: string) =>
    `Bedankt, ${firstName}. Je aanmelding is ontvangen. We hebben je een e-mail gestuurd: bevestig je aanmelding met de link daarin.`,
} as const;

/** `/actie/bevestigen` (issue 42): the sign-up's confirmation link (double opt-in). */
export const leadConfirmationPage = {
  title: "Aanmelding bevestigen",
  intro: "Bevestig dat je je met dit e-mailadres aanmeldt voor de actie. Pas daarna telt je aanmelding.",
  button: "Bevestig mijn aanmelding",
  confirmed: "Bedankt! Je aanmelding is bevestigd.",
  promotion: (title: string) => `Actie: ${title}`,
  alreadyConfirmed: "Je aanmelding was al bevestigd. Je hoeft niets meer te doen.",
  toHome: "Naar de homepage",
} as const;
