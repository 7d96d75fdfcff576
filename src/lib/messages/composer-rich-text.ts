/**
 * What editors read at the composer's rich text and markdown fields (issue 44): the toolbar and the link
 * rules of spec section 5. Part of the one message catalogue.
 */
export const composerRichTextTexts = {
  toolbar: (field: string) => `Opmaak van ${field}`,
  bold: "Vet",
  italic: "Cursief",
  underline: "Onderstreept",
  blockType: "Soort tekst",
  paragraph: "Alinea",
  heading: (level: number) => `Tussenkop ${level}`,
  bulletList: "Opsomming",
  orderedList: "Genummerde lijst",
  link: "Link",
  linkAddress: "Adres van de link",
  linkHint: "Een pad van de shop, zoals /loten, of een adres dat met https:// begint.",
  linkApply: "Link plaatsen",
  linkRemove: "Link weghalen",
  linkCancel: "Annuleren",
  linkNeedsSelection: "Selecteer eerst de tekst die een link moet worden.",
  linkUnsafe: (uri: string) =>
    `De link ${uri} is niet toegestaan: links met javascript:, vbscript:, file: of data: worden nooit getoond.`,
  linkForm: (uri: string) =>
    `De link ${uri} klopt niet: gebruik een pad van de shop (zoals /loten) of een adres dat met https:// begint.`,
  nodeNotAllowed: (nodeType: string) => `Dit soort opmaak kan hier niet: ${nodeType}.`,
  markNotAllowed: (mark: string) => `Deze tekstopmaak kan hier niet: ${mark}.`,
  markdownLinkUnsafe: (uri: string) =>
    `De link ${uri} wordt niet getoond: links met javascript:, vbscript:, file: of data: zijn niet toegestaan.`,
  notEditable:
    "Deze tekst bevat ingevoegde blokken of links naar pagina's die je hier niet kunt bewerken. Pas hem aan in Contentful; hieronder staat de tekst als JSON.",
};
