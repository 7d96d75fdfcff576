import type { z } from "zod";
import { UPSELL_DRAW_KINDS } from "@/src/domain/subscriptions/changes";
import { defineContentType, field, SLUG } from "./define";

/**
 * Functional block: an upsell to players with a subscription (issue 15), bound to the shop API by page id.
 * Editors place it on a campaign page or in /mijn: add XL to chosen items, or play the subscription's
 * numbers once more in a special draw (the tickets are labelled `Extra deelname`).
 */
export const subscriptionUpsellModel = defineContentType({
  id: "subscriptionUpsell",
  name: "Abonnement-upsell",
  description:
    "Spelers met een abonnement voegen XL toe aan loten, of spelen eenmalig mee in een extra trekking.",
  displayField: "pageId",
  fields: {
    pageId: field
      .symbol()
      .required()
      .unique()
      .matches(SLUG, "Een pagina-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld xl-upsell")
      .name("Page-id")
      .help("Het id waarmee de webshop deze upsell herkent, bijvoorbeeld xl-upsell of oudejaars-upsell."),
    kind: field
      .symbol()
      .required()
      .oneOf(["xl", "draw"])
      .name("Soort")
      .help("xl: XL toevoegen aan gekozen loten. draw: eenmalig meespelen in een extra trekking."),
    drawKind: field
      .symbol()
      .oneOf(UPSELL_DRAW_KINDS)
      .name("Trekking")
      .help(
        "Alleen bij soort draw: yearEnd voor de oudejaarstrekking, extra voor een extra trekking. De speler speelt mee in de eerstvolgende van die soort.",
      ),
    title: field.symbol().required().max(80).name("Titel"),
    text: field.symbol().max(200).name("Tekst").help("Niet verplicht: een korte uitleg onder de titel."),
    buttonLabel: field
      .symbol()
      .max(40)
      .name("Knoptekst")
      .help("Niet verplicht: de tekst van de knop waarmee de speler bevestigt."),
  },
  rules: [
    {
      field: "drawKind",
      message: "Kies de trekking van een trekkingsupsell (yearEnd of extra)",
      test: (fields) => fields.kind !== "draw" || fields.drawKind !== undefined,
    },
  ],
});

export const SubscriptionUpsellFieldsSchema = subscriptionUpsellModel.schema;
export type SubscriptionUpsellFields = z.infer<typeof SubscriptionUpsellFieldsSchema>;
