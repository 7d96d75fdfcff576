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
      .matches(INTERNAL_LINK, "Een pad begint met één /")
      .name("Pad")
      .help("Een pagina in de webshop, bijvoorbeeld /loten. Vul een pad of een URL in."),
    url: field
      .symbol()
      .matches(ABSOLUTE_URL, "Een URL begint met https:// of http://")
      .name("URL")
      .help("Een andere site, bijvoorbeeld https://kansspelautoriteit.nl/. Vul een pad of een URL in."),
  },
  rules: [
    {
      field: "path",
      message: "Vul een pad of een URL in (een van beide)",
      test: (fields) => (fields.path === undefined) !== (fields.url === undefined),
    },
  ],
});

export const NavigationLinkFieldsSchema = navigationLinkModel.schema;
export type NavigationLinkFields = z.infer<typeof NavigationLinkFieldsSchema>;
