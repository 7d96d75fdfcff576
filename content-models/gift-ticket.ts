import type { z } from "zod";
import { defineContentType, field, SLUG } from "./define";

/**
 * Functional block: give a ticket as a present, and redeem one (issue 17), bound to the shop API by page id.
 * The editor chooses which parts of a ticket may be given; the giver chooses the draw, the recipient, a
 * message and the day the e-mail with the personal code goes out.
 */
export const giftTicketModel = defineContentType({
  id: "giftTicket",
  name: "Cadeaulot",
  description:
    "Spelers geven een lot cadeau per e-mail, en ontvangers verzilveren hun cadeaulot met de code.",
  displayField: "pageId",
  fields: {
    pageId: field
      .symbol()
      .required()
      .unique()
      .matches(SLUG, "Een pagina-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld cadeau")
      .name("Page-id")
      .help("Het id waarmee de webshop dit cadeaulot herkent, bijvoorbeeld cadeau."),
    title: field.symbol().required().max(80).name("Titel"),
    text: field.symbol().max(300).name("Tekst").help("Niet verplicht: een korte uitleg onder de titel."),
    fractions: field
      .symbols()
      .oneOf(["WHOLE", "ONE_FIFTH"])
      .required()
      .name("Soorten lot")
      .help("Welke loten gevers kunnen kiezen: WHOLE (heel lot) en/of ONE_FIFTH (vijfde lot)."),
  },
  rules: [
    {
      field: "fractions",
      message: "Kies minstens één soort lot (WHOLE, ONE_FIFTH)",
      test: (fields) => Array.isArray(fields.fractions) && fields.fractions.length > 0,
    },
  ],
});

export const GiftTicketFieldsSchema = giftTicketModel.schema;
export type GiftTicketFields = z.infer<typeof GiftTicketFieldsSchema>;
