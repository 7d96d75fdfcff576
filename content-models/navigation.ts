import type { z } from "zod";
import { defineContentType, field } from "./define";
import { navigationLinkModel } from "./navigation-link";

/** The site's header and footer menus. */
export const navigationModel = defineContentType({
  id: "navigation",
  name: "Navigatie",
  description: "De menu's in de kop en de voet van de site.",
  displayField: "name",
  fields: {
    name: field
      .symbol()
      .required()
      .name("Naam")
      .help("Alleen voor redacteuren, bijvoorbeeld Hoofdnavigatie."),
    header: field.entries([navigationLinkModel]).max(8).name("Kop"),
    footer: field
      .entries([navigationLinkModel])
      .max(12)
      .name("Voet")
      .help(
        "De links in de voet, zoals Klantenservice en Algemene voorwaarden. Leeg: de standaardlinks van de webshop.",
      ),
  },
});

export const NavigationFieldsSchema = navigationModel.schema;
export type NavigationFields = z.infer<typeof NavigationFieldsSchema>;
