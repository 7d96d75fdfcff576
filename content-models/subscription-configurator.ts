import type { z } from "zod";
import { defineContentType, field, SLUG } from "./define";
import { subscriptionPromotionModel } from "./subscription-promotion";
import { sweepstakeModel } from "./sweepstake";

/**
 * Functional block: take out a subscription, bound to the shop API by page id (spec section 7). The
 * promotion and sweepstake an editor attaches here are what the API accepts for this page id.
 */
export const subscriptionConfiguratorModel = defineContentType({
  id: "subscriptionConfigurator",
  name: "Abonnement afsluiten",
  description: "Hier stellen spelers een abonnement samen en sluiten het af met een machtiging.",
  displayField: "pageId",
  fields: {
    pageId: field
      .symbol()
      .required()
      .unique()
      .matches(
        SLUG,
        "Een pagina-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld abonnement",
      )
      .name("Page-id")
      .help(
        "Het id waarmee de webshop producten, prijzen en de aanbieding ophaalt, bijvoorbeeld abonnement.",
      ),
    title: field.symbol().max(80).name("Titel"),
    promotion: field
      .entry([subscriptionPromotionModel])
      .name("Aanbieding")
      .help("Niet verplicht: bijvoorbeeld een proefabonnement."),
    sweepstake: field.entry([sweepstakeModel]).name("Direct-winactie").help("Niet verplicht."),
  },
});

export const SubscriptionConfiguratorFieldsSchema = subscriptionConfiguratorModel.schema;
export type SubscriptionConfiguratorFields = z.infer<typeof SubscriptionConfiguratorFieldsSchema>;
