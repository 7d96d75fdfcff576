import type { z } from "zod";
import { defineContentType, field, SLUG } from "./define";

/**
 * Functional block: where a player enters the personal or general code of a campaign (issue 18). The
 * campaign itself (its period, its offer, its codes) lives in the shop's database under the same page id;
 * `npm run campaigns:codes` makes its personal codes.
 */
export const actionCodeModel = defineContentType({
  id: "actionCode",
  name: "Actiecode",
  description: "Spelers vullen hier de code van een actie in en zien het aanbod dat de code vrijgeeft.",
  displayField: "pageId",
  fields: {
    pageId: field
      .symbol()
      .required()
      .unique()
      .matches(
        SLUG,
        "Een pagina-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld kerstactie",
      )
      .name("Page-id van de actie")
      .help("Het id van de actie in de webshop, bijvoorbeeld kerstactie."),
    title: field.symbol().required().max(80).name("Titel"),
    text: field.symbol().max(300).name("Tekst").help("Niet verplicht: waar de code staat en wat hij geeft."),
  },
});

export const ActionCodeFieldsSchema = actionCodeModel.schema;
export type ActionCodeFields = z.infer<typeof ActionCodeFieldsSchema>;
