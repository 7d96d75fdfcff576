import type { z } from "zod";
import { defineContentType, field, LINK } from "./define";

/** One image with an optional caption and link. */
export const imageModel = defineContentType({
  id: "image",
  name: "Afbeelding",
  description: "Een afbeelding met een onderschrift en eventueel een link.",
  displayField: "caption",
  fields: {
    image: field
      .asset()
      .required()
      .name("Afbeelding")
      .help("De omschrijving van de afbeelding is de alternatieve tekst voor schermlezers."),
    caption: field.symbol().max(160).name("Onderschrift"),
    link: field
      .symbol()
      .matches(LINK, "Een link is een pad dat met / begint, of een volledig http(s)-adres")
      .name("Link"),
  },
});

export const ImageFieldsSchema = imageModel.schema;
export type ImageFields = z.infer<typeof ImageFieldsSchema>;
