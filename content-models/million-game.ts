import type { z } from "zod";
import { defineContentType, field } from "./define";

/** Functional block: the weekly million game (spec section 1). */
export const millionGameModel = defineContentType({
  id: "millionGame",
  name: "Miljoenenspel",
  description: "Hier kopen spelers loten voor het wekelijkse Miljoenenspel.",
  displayField: "title",
  fields: {
    title: field.symbol().max(80).name("Titel"),
  },
});

export const MillionGameFieldsSchema = millionGameModel.schema;
export type MillionGameFields = z.infer<typeof MillionGameFieldsSchema>;
