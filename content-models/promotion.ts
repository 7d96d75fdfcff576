import type { z } from "zod";
import { OPT_IN_IDS } from "@/src/domain/promotions/opt-ins";
import { defineContentType, field, SLUG } from "./define";

/**
 * Functional block: a promotional offer that turns a visitor into a player, or at least a lead who agreed
 * to hear from us (issue 18). The editor writes the offer and chooses which of the fixed opt-ins to ask for
 * (their texts are fixed in code, for consent evidence) and where the visitor continues to the offer.
 */
export const promotionModel = defineContentType({
  id: "promotion",
  name: "Actie met aanmelding",
  description:
    "Bezoekers laten naam en e-mailadres achter, kiezen hun toestemmingen en gaan door naar het aanbod.",
  displayField: "pageId",
  fields: {
    pageId: field
      .symbol()
      .required()
      .unique()
      .matches(
        SLUG,
        "Een pagina-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld winteractie",
      )
      .name("Page-id")
      .help("Het id waarmee de webshop deze actie herkent, bijvoorbeeld winteractie."),
    title: field.symbol().required().max(80).name("Titel"),
    text: field.symbol().max(300).name("Tekst").help("Niet verplicht: een korte uitleg onder de titel."),
    optIns: field
      .symbols()
      .oneOf(OPT_IN_IDS)
      .name("Toestemmingen")
      .help("Welke vaste toestemmingen de actie vraagt: nieuwsbrief, partneraanbiedingen, telefoon."),
    offerLabel: field.symbol().required().max(80).name("Knop naar het aanbod"),
    offerPath: field
      .symbol()
      .required()
      .matches(/^\/[a-z0-9/-]*$/, "Een pad in deze webshop, bijvoorbeeld /abonnement")
      .name("Pad van het aanbod")
      .help("Waar de bezoeker na het aanmelden verdergaat, bijvoorbeeld /abonnement of /loten."),
  },
});

export const PromotionFieldsSchema = promotionModel.schema;
export type PromotionFields = z.infer<typeof PromotionFieldsSchema>;
