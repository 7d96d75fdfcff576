/** The consent banner, the settings dialog and `/toestemming` (issue 20; spec section 3). */
export const consentTexts = {
  bannerTitle: "Cookies en toestemming",
  bannerText:
    "Wij gebruiken cookies die nodig zijn om de webwinkel te laten werken. Met je toestemming meten we ook anoniem hoe de site wordt gebruikt, en tonen we je persoonlijke aanbiedingen. Je kiest zelf en kunt je keuze altijd wijzigen via Cookie-instellingen onderaan elke pagina.",
  onlyNecessary: "Alleen noodzakelijk",
  measurement: "Noodzakelijk en meten",
  acceptAll: "Alles accepteren",
  settings: "Instellingen",
  footerLink: "Cookie-instellingen",
  dialogTitle: "Cookie-instellingen",
  dialogIntro: "Kies wat je ons toestaat. Je keuze geldt een jaar, of tot je hem wijzigt.",
  levelLegend: "Jouw keuze",
  levels: {
    basis: {
      label: "Basis: alleen noodzakelijk",
      text: "Alleen wat de webwinkel nodig heeft om te werken, zoals je winkelmandje en inloggen.",
    },
    beperkt: {
      label: "Beperkt: noodzakelijk en anoniem meten",
      text: "Daarnaast meten we anoniem welke pagina's en stappen worden gebruikt, om de webwinkel te verbeteren.",
    },
    optimaal: {
      label: "Optimaal: alles, ook persoonlijke aanbiedingen",
      text: "Daarnaast gebruiken we je bezoek voor persoonlijke aanbiedingen en berichten in de webwinkel.",
    },
  },
  save: "Keuze opslaan",
  close: "Sluiten",
  chooseOne: "Kies een van de drie mogelijkheden.",
  saved: "Je keuze is opgeslagen.",
  current: (label: string) => `Je huidige keuze: ${label}.`,
  noChoiceYet: "Je hebt nog geen keuze gemaakt.",
  pageTitle: "Cookies en toestemming",
} as const;
