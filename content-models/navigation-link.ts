import type { z } from "zod";
import { ABSOLUTE_URL, defineContentType, field, INTERNAL_LINK } from "./define";

/** One link in the header or footer: to a path in the shop or to another site, never both. */
export const navigationLinkModel = defineContentType({
  id: "navigationLink",
  name: "Navigatielink",
  description: "Een link in de kop of voet van de site.",
  displayField: "label",
  fields: {
    label: field.symbol().required().max(40).name("Tekst"),
    path: field
      .symbol()
      .matches(INTERNAL_LINK, "A path starts with a single /")
      .name("Pad")
      .help("Een pagina in de webshop, bijvoorbeeld /loten. Vul een pad of een URL in."),
    url: field
      .symbol()
      .matches(ABSOLUTE_URL, "A URL starts with https:// or http://")
      .name("URL")
      .help("Een andere site, bijvoorbeeld https://kansspelautoriteit.nl/. Vul een pad of een URL in."),
  },
  rules: [
    {
      field: "path",
      message: "Fill in either a path or a URL",
      test: (fields) => (fields.path === undefined) !== (fields.url === undefined),
    },
  ],
});

export const NavigationLinkFieldsSchema = navigationLinkModel.schema;
export type NavigationLinkFields = z.infer<typeof NavigationLinkFieldsSchema>;
