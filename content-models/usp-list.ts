import type { z } from "zod";
import { defineContentType, field } from "./define";

/** A short list of reasons to play (unique selling points). */
export const uspListModel = defineContentType({
  id: "uspList",
  name: "Voordelenlijst",
  description: "Een korte lijst met voordelen, elk met een vinkje.",
  displayField: "title",
  fields: {
    title: field.symbol().max(80).name("Titel"),
    items: field.symbols().required().max(6).name("Voordelen").help("Maximaal 6 korte zinnen."),
  },
});

export const UspListFieldsSchema = uspListModel.schema;
export type UspListFields = z.infer<typeof UspListFieldsSchema>;
