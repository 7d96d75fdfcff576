import type { z } from "zod";
import { defineContentType, field, SLUG } from "./define";

/**
 * A retention offer (issue 15, shared/domain.md): what a player is offered before a cancellation goes
 * through, e.g. three months at half price, switching to a fifth ticket or a pause. A part of the
 * cancellation page's entry (`subscriptionCancellation`); the shop API applies the one a player accepts.
 */
export const retentionOfferModel = defineContentType({
  id: "retentionOffer",
  name: "Aanbod bij opzeggen",
  description: "Een aanbod aan spelers die hun abonnement opzeggen, zoals 3 maanden halve prijs.",
  displayField: "title",
  fields: {
    offerId: field
      .symbol()
      .required()
      .unique()
      .matches(
        SLUG,
        "Een aanbod-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld drie-maanden-halve-prijs",
      )
      .name("Aanbod-id")
      .help("Het id waarmee de webshop het aanbod herkent, bijvoorbeeld drie-maanden-halve-prijs."),
    kind: field
      .symbol()
      .required()
      .oneOf(["discount", "switchToFifth", "pause"])
      .name("Soort")
      .help(
        "discount: korting op de volgende trekkingen. switchToFifth: hele loten worden vijfde loten. pause: een aantal trekkingen niet meespelen en niet betalen.",
      ),
    title: field.symbol().required().max(60).name("Titel"),
    description: field.text().required().max(300).name("Uitleg"),
    draws: field
      .integer()
      .min(1)
      .max(12)
      .name("Aantal trekkingen")
      .help("Bij korting en pauze: voor hoeveel trekkingen het geldt (1 tot en met 12)."),
    discountPercent: field
      .integer()
      .min(1)
      .max(90)
      .name("Korting in procenten")
      .help("Alleen bij korting: bijvoorbeeld 50 voor de halve prijs (1 tot en met 90)."),
  },
  rules: [
    {
      field: "draws",
      message: "Een korting of een pauze heeft het aantal trekkingen nodig",
      test: (fields) => fields.kind === "switchToFifth" || fields.draws !== undefined,
    },
    {
      field: "discountPercent",
      message: "Een korting heeft een percentage nodig",
      test: (fields) => fields.kind !== "discount" || fields.discountPercent !== undefined,
    },
  ],
});

export const RetentionOfferFieldsSchema = retentionOfferModel.schema;
export type RetentionOfferFields = z.infer<typeof RetentionOfferFieldsSchema>;
