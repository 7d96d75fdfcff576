import type { z } from "zod";
import { defineContentType, field } from "./define";

/** Counts down to the next draw of a game; the block loads the draw date from the shop API. */
export const countdownModel = defineContentType({
  id: "countdown",
  name: "Aftelklok",
  description: "Telt af naar de volgende trekking van een spel.",
  displayField: "title",
  fields: {
    title: field.symbol().required().max(80).name("Titel"),
    gameType: field
      .symbol()
      .oneOf(["KROON", "MILJOENENSPEL"])
      .default("KROON")
      .name("Spel")
      .help("KROON: de maandelijkse trekking; MILJOENENSPEL: de wekelijkse trekking op zaterdag."),
    label: field.symbol().max(80).name("Tekst bij de klok").help("Bijvoorbeeld tot de volgende trekking."),
  },
});

export const CountdownFieldsSchema = countdownModel.schema;
export type CountdownFields = z.infer<typeof CountdownFieldsSchema>;
