/**
 * What editors read about their content (issue 43): the content models' validation messages, the page
 * resolver's notices and `npm run content:check`'s report. Its own area, not `core`: players never load
 * these texts; only the server, the content check and a page in preview use them. Part of the one message
 * catalogue (`src/lib/messages.ts`).
 */

/** "Titel: vul dit veld in": a field's problem, led by the field's Dutch name. */
function fieldProblem(label: string, message: string): string {
  // "Een link is …" reads as "Link: een link is …"; an abbreviation ("URL …") keeps its capitals.
  const lowered = /^[A-Z][a-z]/.test(message) ? message[0]!.toLowerCase() + message.slice(1) : message;
  return `${label}: ${lowered}`;
}

/** The content models' default validation messages (content-models/define.ts). */
export const contentValidation = {
  fieldProblem,
  required: "vul dit veld in",
  text: "vul hier tekst in",
  maxLength: (max: number, actual: number) => `maximaal ${max} tekens (nu ${actual})`,
  wholeNumber: "vul een heel getal in",
  atMost: (max: number, actual: unknown) => `maximaal ${max} (nu ${String(actual)})`,
  atLeast: (min: number, actual: unknown) => `minimaal ${min} (nu ${String(actual)})`,
  yesOrNo: "kies ja of nee",
  oneOf: (values: readonly string[]) => `kies een van deze waarden: ${values.join(", ")}`,
  date: "vul een datum in als JJJJ-MM-DD, eventueel met een tijd (JJJJ-MM-DDTuu:mm)",
  json: "vul geldige JSON in",
  list: "verwacht een lijst",
  atLeastOneItem: "voeg minstens één item toe",
  maxItems: (max: number, actual: number) => `maximaal ${max} items (nu ${actual})`,
  assetMissing: (id: string) =>
    `de gekoppelde afbeelding '${id}' is niet gevonden (ontbreekt of is niet gepubliceerd)`,
  assetInvalid: "kies een afbeelding met een bestand",
  entryMissing: (id: string) =>
    `het gekoppelde item '${id}' is niet gevonden (ontbreekt, is niet gepubliceerd of bevat zichzelf)`,
  entryWrongType: (allowed: string, actual: string | undefined) =>
    `hier past alleen een item van het type ${allowed}, niet ${actual ?? "(onbekend)"}`,
  /** "Teaser 'Loten kopen'": a linked part named by its type's Dutch name and its title. */
  partName: (typeName: string, title: string | undefined) => (title ? `${typeName} '${title}'` : typeName),
  /** "Kaarten › Teaser 'Loten kopen' › Link: …": a problem inside a linked part. */
  partProblem: (label: string, part: string, message: string) => `${label} › ${part} › ${message}`,
  richTextDocument: "verwacht opgemaakte tekst (rich text)",
  richTextNodeValue: "een stukje tekst zonder inhoud",
  richTextNodeContent: (nodeType: string) => `een onderdeel '${nodeType}' zonder inhoud`,
  /** Shown by Contentful itself, under the field: no field name needed. */
  contentful: {
    chooseImage: "Kies een afbeelding",
    nodeTypes: (types: readonly string[]) => `Alleen deze onderdelen zijn toegestaan: ${types.join(", ")}`,
    marks: (marks: readonly string[]) => `Alleen deze opmaak is toegestaan: ${marks.join(", ")}`,
    maxLength: (max: number) => `Maximaal ${max} tekens`,
    maxItems: (max: number) => `Maximaal ${max} items`,
    range: (min: number | undefined, max: number | undefined) =>
      min === undefined
        ? `Maximaal ${max}`
        : max === undefined
          ? `Minimaal ${min}`
          : `Tussen ${min} en ${max}`,
  },
} as const;

/** The page resolver's notices about blocks it skips (src/shop/cms/resolve-page.server.ts). */
export const contentNotices = {
  entryMissing: "het gekoppelde blok ontbreekt, is niet gepubliceerd of bevat zichzelf",
  unknownBlockType: (type: string | undefined) =>
    type ? `onbekend bloktype '${type}': deze webshop kan het niet tonen` : "onbekend bloktype",
  cycle: "het blok bevat zichzelf",
  tooDeep: (max: number) => `blokken die dieper dan ${max} niveaus genest zijn worden overgeslagen`,
  renderFailed: "het blok kon niet worden opgebouwd; bezoekers zien een foutmelding in het blok",
  pageLinkMissing: "de link verwijst naar een pagina die ontbreekt of niet gepubliceerd is",
  loaderFailed:
    "de gegevens van dit blok konden niet worden geladen; bezoekers zien een foutmelding in het blok",
  /** "Hero 'Win een auto'": a block named by its content type's Dutch name and its title. */
  entryName: (typeName: string, title: string | undefined) => contentValidation.partName(typeName, title),
  /** What an editor sees in preview at the place of a block that is skipped. */
  skippedBlock: (entryName: string, problems: readonly string[]) =>
    `Dit blok wordt niet getoond: ${entryName} – ${problems.join("; ")}`,
} as const;

/** `npm run content:check`'s report (scripts/content-check.ts). */
export const contentCheck = {
  error: "FOUT",
  warning: "waarschuwing",
  summary: (source: string, preview: boolean, pages: number, links: number) =>
    `inhoudscontrole (${source === "local" ? "lokaal" : source}${preview ? ", voorbeeldweergave" : ""}): ${count(pages, "pagina", "pagina's")}, ${count(links, "interne link", "interne links")}`,
  totals: (errors: number, warnings: number) =>
    `${count(errors, "fout", "fouten")}, ${count(warnings, "waarschuwing", "waarschuwingen")}`,
  page: (path: string) => `pagina ${path}`,
  entry: (id: string) => `item ${id}`,
  link: (target: string) => `link ${target}`,
  unknownContentType: (type: string) => `Onbekend inhoudstype '${type}'`,
  pageInvalid: "Het pagina-item is niet geldig",
  renderFailed: (status: number) => `De pagina gaf status ${status} bij het opbouwen op de server`,
  brokenLink: (status: number) => `Gebroken interne link (${status})`,
} as const;

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
