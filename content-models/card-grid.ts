import type { z } from "zod";
import { defineContentType, field } from "./define";
import { teaserModel } from "./teaser";

/** A grid of teasers; the teasers are parsed with their own model. */
export const cardGridModel = defineContentType({
  id: "cardGrid",
  name: "Kaartenraster",
  description: "Een raster van teasers, bijvoorbeeld de producten op de homepage.",
  displayField: "title",
  fields: {
    title: field.symbol().max(80).name("Titel"),
    cards: field.entries([teaserModel]).required().max(12).name("Kaarten"),
  },
});

export const CardGridFieldsSchema = cardGridModel.schema;
export type CardGridFields = z.infer<typeof CardGridFieldsSchema>;
