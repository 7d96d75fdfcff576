import type { z } from "zod";
import { defineContentType, field, LINK } from "./define";

/** A card that points to a page; a part of a card grid, not a block on its own. */
export const teaserModel = defineContentType({
  id: "teaser",
  name: "Teaser",
  description: "Een kaart met titel, korte tekst en een link; wordt in een kaartenraster geplaatst.",
  displayField: "title",
  fields: {
    title: field.symbol().required().max(60).name("Titel"),
    text: field.text().max(240).name("Tekst"),
    image: field.asset().name("Afbeelding"),
    linkLabel: field.symbol().max(40).name("Linktekst").help("Leeg laten geeft Lees meer."),
    linkPath: field
      .symbol()
      .required()
      .matches(LINK, "Een link is een pad dat met / begint, of een volledig http(s)-adres")
      .name("Link"),
  },
});

export const TeaserFieldsSchema = teaserModel.schema;
export type TeaserFields = z.infer<typeof TeaserFieldsSchema>;
