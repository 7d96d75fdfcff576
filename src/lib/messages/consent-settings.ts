/**
 * The settings dialog and `/toestemming`: apart from the banner's texts, so a page carries them only
 * once the dialog is opened.
 */
export const consentSettingsTexts = {
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
  current: (label: string) => `Je huidige keuze: ${label}.`,
  noChoiceYet: "Je hebt nog geen keuze gemaakt.",
  pageTitle: "Cookies en toestemming",
} as const;
