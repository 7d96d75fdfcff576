/**
 * What editors read in the composer about a page's address and its versions (issue 44): the redirect a
 * moved page leaves, the live check of a path, fields that must be unique, and the readable differences
 * between two versions. Part of the one message catalogue; only the composer and its API load it.
 */
export const composerPageTexts = {
  redirectCreated: (from: string, to: string) => `doorverwijzing aangemaakt van ${from} naar ${to}`,
  redirectUpdated: (from: string, to: string) => `doorverwijzing van ${from} wijst nu naar ${to}`,
  redirectRemoved: (from: string) =>
    `doorverwijzing van ${from} offline gehaald: de pagina staat nu zelf op dit pad`,
  pathFree: (path: string) => `Het pad ${path} is vrij.`,
  pathRedirect: (path: string, to: string) =>
    `Op ${path} staat al een doorverwijzing naar ${to}. Kies een ander pad.`,
  pathShopRoute: (path: string) => `Het pad ${path} is een vaste pagina van de webshop. Kies een ander pad.`,
  pathEmpty: "Vul een pad in, bijvoorbeeld /zomeractie.",
  pathTrailingSlash: "Een pad eindigt niet op een /.",
  pathNoSlash: "Een pad begint met een /, bijvoorbeeld /zomeractie.",
  pathUppercase: "Een pad bevat geen hoofdletters: gebruik kleine letters.",
  notUnique: (field: string, value: string) =>
    `${field} „${value}” is al in gebruik in een ander blok. Kies een andere waarde.`,
  showChanges: "Bekijk wijzigingen",
  hideChanges: "Verberg wijzigingen",
  noChanges: "Geen inhoudelijke wijzigingen ten opzichte van de vorige versie.",
  firstVersion: "Eerste opgeslagen versie.",
  changesLoading: "Wijzigingen worden geladen…",
  changesOf: (version: string) => `Wijzigingen in ${version}`,
  settingNames: {
    title: "Titel",
    path: "Pad",
    description: "SEO-omschrijving",
    theme: "Layout of white-label thema",
    middleware: "Middleware",
    prerender: "Vooraf renderen",
  } as Record<string, string>,
  empty: "(leeg)",
  yes: "aan",
  no: "uit",
  settingChanged: (name: string, before: string, after: string) => `${name}: „${before}” → „${after}”`,
  blockAdded: (block: string) => `Blok ${block} toegevoegd`,
  blockRemoved: (block: string) => `Blok ${block} verwijderd`,
  blockFieldChanged: (block: string, field: string, before: string, after: string) =>
    `Blok ${block}: veld ${field} gewijzigd: „${before}” → „${after}”`,
  blocksReordered: "Volgorde van de blokken gewijzigd",
} as const;
