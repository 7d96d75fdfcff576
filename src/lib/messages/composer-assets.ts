/**
 * What editors read about images they upload in the composer (issue 44): the upload part of an image field
 * and the API's refusals. Its own area beside `composer`: players never load these texts.
 */
export const composerAssetTexts = {
  uploadHeading: "Afbeelding uploaden",
  file: "Afbeeldingsbestand (JPEG, PNG, GIF of WebP)",
  alt: "Alternatieve tekst",
  altHint: "Beschrijf wat er op de afbeelding te zien is, voor wie hem niet kan zien.",
  upload: "Uploaden",
  uploading: "Bezig met uploaden...",
  uploaded: (title: string) => `De afbeelding ${title} is geüpload en gekozen.`,
  fileRequired: "Kies een afbeeldingsbestand.",
  tooLarge: (maxMb: number) => `Het bestand is te groot: maximaal ${maxMb} MB.`,
  notImage: "Dit bestand is geen afbeelding (JPEG, PNG, GIF of WebP).",
  svgRefused:
    "SVG-bestanden worden niet geaccepteerd, omdat ze scripts kunnen bevatten. Kies een JPEG, PNG, GIF of WebP.",
  truncated: "Dit afbeeldingsbestand is onvolledig of beschadigd. Kies een ander bestand.",
  hidesCode: "Dit bestand bevat behalve een afbeelding ook code en wordt daarom niet opgeslagen.",
  altRequired: "Vul een alternatieve tekst in: beschrijf wat er op de afbeelding te zien is.",
  altTooLong: (max: number, actual: number) =>
    `De alternatieve tekst is te lang: maximaal ${max} tekens (nu ${actual}).`,
  notSaved: "De afbeelding is niet opgeslagen: los eerst de fouten op.",
  assetWithoutAlt: (title: string) =>
    `De afbeelding ${title} heeft geen alternatieve tekst. Kies een andere afbeelding of upload hem opnieuw met een alternatieve tekst.`,
  defaultTitle: "Afbeelding",
} as const;
