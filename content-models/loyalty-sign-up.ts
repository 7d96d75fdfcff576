import type { z } from "zod";
import { defineContentType, field, SLUG } from "./define";

/**
 * Functional block: joining Kroonpunten, the loyalty programme (issue 20, item 6): 1 point per whole euro of
 * every ticket order paid after joining. A member sees the points balance; a visitor gets a login link.
 */
export const loyaltySignUpModel = defineContentType({
  id: "loyaltySignUp",
  name: "Kroonpunten aanmelden",
  description: "Spelers melden zich aan voor Kroonpunten en zien hun puntensaldo.",
  displayField: "pageId",
  fields: {
    pageId: field
      .symbol()
      .required()
      .unique()
      .matches(
        SLUG,
        "Een pagina-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld kroonpunten",
      )
      .name("Page-id")
      .help("Het id waarmee de webshop dit blok herkent, bijvoorbeeld kroonpunten."),
    title: field.symbol().required().max(80).name("Titel"),
    text: field.symbol().max(300).name("Tekst").help("Niet verplicht: een korte uitleg onder de titel."),
    buttonLabel: field
      .symbol()
      .max(40)
      .name("Knoptekst")
      .help("Niet verplicht: de tekst van de knop waarmee de speler meedoet."),
  },
});

export const LoyaltySignUpFieldsSchema = loyaltySignUpModel.schema;
export type LoyaltySignUpFields = z.infer<typeof LoyaltySignUpFieldsSchema>;
