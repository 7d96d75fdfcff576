/** The consent banner (issue 20; spec section 3); the footer's link to the settings is in `footer`. */
export const consentTexts = {
  bannerTitle: "Cookies en toestemming",
  bannerText:
    "Wij gebruiken cookies die nodig zijn om de webwinkel te laten werken. Met je toestemming meten we ook anoniem hoe de site wordt gebruikt, en tonen we je persoonlijke aanbiedingen. Je kiest zelf en kunt je keuze altijd wijzigen via Cookie-instellingen onderaan elke pagina.",
  onlyNecessary: "Alleen noodzakelijk",
  measurement: "Noodzakelijk en meten",
  acceptAll: "Alles accepteren",
  settings: "Instellingen",
} as const;
