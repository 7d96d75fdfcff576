import type { z } from "zod";
import { defineContentType, field } from "./define";

/** Functional block: the results of the latest draw (spec section 7, /api/draw-results). */
export const drawResultsModel = defineContentType({
  id: "drawResults",
  name: "Trekkingsuitslag",
  description: "De uitslag van de laatste trekking met de prijzentabellen.",
  displayField: "title",
  fields: {
    title: field.symbol().max(80).name("Titel"),
  },
});

export const DrawResultsFieldsSchema = drawResultsModel.schema;
export type DrawResultsFields = z.infer<typeof DrawResultsFieldsSchema>;
