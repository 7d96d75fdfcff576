import type { z } from "zod";
import { defineContentType, field } from "./define";

/** Formatted text with headings, lists, links to pages and embedded blocks. */
export const richTextModel = defineContentType({
  id: "richText",
  name: "Tekst (opgemaakt)",
  description: "Opgemaakte tekst met tussenkoppen, lijsten, links naar pagina's en ingevoegde blokken.",
  displayField: "title",
  fields: {
    title: field.symbol().max(80).name("Titel"),
    body: field
      .richText({ embeddedBlocks: "richText", entryHyperlinks: ["page"] })
      .required()
      .name("Tekst"),
  },
});

export const RichTextFieldsSchema = richTextModel.schema;
export type RichTextFields = z.infer<typeof RichTextFieldsSchema>;
