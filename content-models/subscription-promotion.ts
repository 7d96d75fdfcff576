import type { z } from "zod";
import { defineContentType, field, SLUG } from "./define";

/**
 * A promotion an editor attaches to a subscription form, e.g. a trial (shared/domain.md): the first draws
 * at a lower price. The shop API prices it; the form only shows it.
 */
export const subscriptionPromotionModel = defineContentType({
  id: "subscriptionPromotion",
  name: "Abonnementsaanbieding",
  description: "Een korting op de eerste trekkingen van een nieuw abonnement, zoals een proefabonnement.",
  displayField: "label",
  fields: {
    promotionId: field
      .symbol()
      .required()
      .unique()
      .matches(
        SLUG,
        "Een promotie-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld proef-drie-maanden",
      )
      .name("Aanbiedings-id")
      .help("Het id waarmee de webshop de aanbieding herkent, bijvoorbeeld proef-drie-maanden."),
    label: field.symbol().required().max(40).default("Proef abonnement").name("Naam voor spelers"),
    draws: field
      .integer()
      .required()
      .max(12)
      .name("Aantal trekkingen")
      .help("Voor hoeveel van de eerste trekkingen de korting geldt (1 tot en met 12)."),
    discountPercent: field
      .integer()
      .required()
      .max(90)
      .name("Korting in procenten")
      .help("Bijvoorbeeld 50 voor de halve prijs (1 tot en met 90)."),
    trial: field
      .boolean()
      .default(true)
      .name("Proefabonnement")
      .help("Aan: de loten heten 'Proef abonnement' zolang de korting geldt."),
  },
});

export const SubscriptionPromotionFieldsSchema = subscriptionPromotionModel.schema;
export type SubscriptionPromotionFields = z.infer<typeof SubscriptionPromotionFieldsSchema>;
