import type { z } from "zod";
import { defineContentType, field } from "./define";

/**
 * Block: the boulevard game (spec sections 5 and 7, /api/boulevardgame). Players enter a
 * boulevard and its shares and see its 100 numbers and result in the latest draw on
 * `/boulevardspel/uitslag`.
 */
export const boulevardGameModel = defineContentType({
  id: "boulevardGame",
  name: "Boulevardspel",
  description: "Spelers zien wat de 100 lotnummers van hun boulevard wonnen in de laatste trekking.",
  displayField: "title",
  fields: {
    title: field.symbol().max(80).name("Titel"),
    text: field
      .symbol()
      .max(300)
      .name("Tekst")
      .help("Niet verplicht: een korte uitleg onder de titel. Zonder tekst staat de standaarduitleg er."),
  },
});

export const BoulevardGameFieldsSchema = boulevardGameModel.schema;
export type BoulevardGameFields = z.infer<typeof BoulevardGameFieldsSchema>;
