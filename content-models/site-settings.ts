import type { z } from "zod";
import { defineContentType, field } from "./define";

/** Settings for the whole site: one entry. */
export const siteSettingsModel = defineContentType({
  id: "siteSettings",
  name: "Site-instellingen",
  description: "Instellingen voor de hele site, zoals de merknaam en de teksten in de voet.",
  displayField: "brandName",
  fields: {
    brandName: field.symbol().required().name("Merknaam"),
    footerTexts: field
      .symbols()
      .name("Teksten in de voet")
      .help(
        "Bijvoorbeeld Speel bewust 18+ en de vergunning van de Kansspelautoriteit. Elke tekst komt op een eigen regel. Leeg: de standaardteksten van de webshop.",
      ),
    emergencyBanner: field
      .text()
      .max(300)
      .name("Storingsmelding")
      .help(
        "Alleen invullen bij een storing of een belangrijke melding: de tekst staat dan boven elke pagina.",
      ),
  },
});

export const SiteSettingsFieldsSchema = siteSettingsModel.schema;
export type SiteSettingsFields = z.infer<typeof SiteSettingsFieldsSchema>;
