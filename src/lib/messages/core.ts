/**
 * Texts of every page's layout: the header, the footer, the error page, flash messages and CMS blocks. They
 * load with every page, so texts of single pages live elsewhere. Part of the one message catalogue
 * (`src/lib/messages.ts`).
 */

export const errorPage = {
  notFoundTitle: "Deze pagina is niet bereikbaar",
  notFoundText:
    "De pagina die je zoekt bestaat niet (meer). Controleer het adres of ga terug naar de homepage.",
  errorTitle: "Oeps, er is iets fout gegaan",
  errorText: "Er is iets fout gegaan. Ga naar de homepage en probeer het opnieuw.",
  homeButton: "Naar de homepage",
  linksHeading: "Misschien zoek je",
  pageNotFound: (path: string) => `Page Not Found: ${path}`,
  imageAlt: "Een geschrokken vrouw met haar hand voor haar mond",
} as const;

export const navigation = {
  tickets: "Loten",
  results: "Trekkingsuitslag",
  account: "Mijn",
  basket: "Winkelmandje",
  login: "Inloggen",
  mainMenu: "Hoofdmenu",
  /** The button that opens the main menu at narrow widths. */
  menu: "Menu",
  skipToContent: "Naar de inhoud",
  home: "Naar de homepage van Kroonloterij",
  logout: "Uitloggen",
  /** Read before the amount beside the player's name (issue 43). */
  balance: "Saldo",
  loggingOut: "Bezig met uitloggen…",
  close: "Sluiten",
} as const;

/**
 * What the footer renders itself. Its texts and links come from the CMS as HTML rendered on the server
 * (issue 43, `footerContent` in `./footer.ts`).
 */
export const footer = {
  /** Shown should a page come without the footer's texts (the server always has them). */
  playResponsibly: "Speel bewust 18+",
  rights: "Kroonloterij is een fictief merk van deze demo-webwinkel.",
  partnerNotice: (partner: string) => `Loten van Kroonloterij, verkocht via ${partner}.`,
  /** The way to the consent settings (issue 20). */
  consentSettings: "Cookie-instellingen",
} as const;

export const cms = {
  blockFailed: "Dit onderdeel kan nu niet worden getoond.",
  readMore: "Lees meer",
  previewBanner: "Voorbeeldweergave",
  previewExit: "Voorbeeld sluiten",
  previewNoticesTitle: "Overgeslagen blokken en problemen (alleen zichtbaar in de voorbeeldweergave)",
  countdownDays: (days: number) => (days === 1 ? "1 dag" : `${days} dagen`),
  countdownHours: (hours: number) => `${hours} uur`,
  countdownMinutes: (minutes: number) => (minutes === 1 ? "1 minuut" : `${minutes} minuten`),
  countdownClosed: "De verkoop voor deze trekking is gesloten.",
  countdownSalesClose: "Verkoop sluit",
  emergencyBannerLabel: "Belangrijke mededeling",
} as const;

/** The region where flash messages appear (named, as the basket has a status region too). */
export const flashRegion = "Meldingen";

/**
 * Said after any consent choice (banner, settings dialog). Here, not with the banner's texts in
 * `consent.ts`: the footer's settings link shares its module with the choice, which put every banner text
 * in every page's first load.
 */
export const consentSaved = "Je keuze is opgeslagen.";

/**
 * Each page's meta description (issue 21, item 3): the CMS's SEO description where an editor set one, else
 * these. Short enough for a search result.
 */
export const pageDescriptions = {
  default:
    "Kroonloterij: speel mee met de maandelijkse trekking en de Oudejaarstrekking, bekijk de uitslag en beheer je loten.",
  tickets:
    "Koop je loten voor de volgende trekking van Kroonloterij: heel of in vijfden, met of zonder XL, en kies je eindcijfers.",
  results:
    "De uitslag van de laatste trekking van Kroonloterij: de jackpot, de hoofdprijzen en de eindcijferprijzen. Controleer je lotnummers.",
  ticketCheck: "Controleer tot 10 lotnummers tegelijk: zie meteen of je lot in de prijzen is gevallen.",
  basket:
    "Je winkelmandje bij Kroonloterij: controleer je loten en reken veilig af met iDEAL, creditcard of je saldo.",
} as const;
