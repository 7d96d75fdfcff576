import type { z } from "zod";
import { defineContentType, field, SLUG } from "./define";
import { retentionOfferModel } from "./retention-offer";

/**
 * The online cancellation of a subscription (issue 15): the retention offers players see in step 2 of 3,
 * by page id (`abonnement-opzeggen`). A site-level entry, not a block: the cancellation pages are app
 * routes under /mijn; the shop API offers and applies only what this entry lists.
 */
export const subscriptionCancellationModel = defineContentType({
  id: "subscriptionCancellation",
  name: "Abonnement opzeggen",
  description:
    "De aanbiedingen die spelers zien voordat hun opzegging doorgaat. Zonder aanbiedingen gaat de opzegging meteen door.",
  displayField: "pageId",
  fields: {
    pageId: field
      .symbol()
      .required()
      .unique()
      .matches(
        SLUG,
        "Een pagina-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld abonnement-opzeggen",
      )
      .name("Page-id")
      .help("Het id waarmee de webshop de aanbiedingen ophaalt: abonnement-opzeggen."),
    offers: field
      .entries([retentionOfferModel])
      .max(5)
      .name("Aanbiedingen")
      .help("In deze volgorde getoond. Een aanbod dat niet past bij het abonnement wordt overgeslagen."),
  },
});

export const SubscriptionCancellationFieldsSchema = subscriptionCancellationModel.schema;
export type SubscriptionCancellationFields = z.infer<typeof SubscriptionCancellationFieldsSchema>;
