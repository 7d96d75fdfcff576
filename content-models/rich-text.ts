import type { z } from "zod";
import { EDITORIAL_BLOCK_TYPES } from "./block-types";
import { defineContentType, field } from "./define";

/**
 * Blocks that may be embedded in rich text. Not sections or rich text itself: a block inside running
 * text should be a single element, and keeping containers out keeps the nesting shallow.
 */
export const EMBEDDABLE_BLOCK_TYPES = EDITORIAL_BLOCK_TYPES.filter(
  (type) => type !== "section" && type !== "richText",
);

/** Formatted text with headings, lists, links to pages and embedded blocks. */
export const richTextModel = defineContentType({
  id: "richText",
  name: "Tekst (opgemaakt)",
  description: "Opgemaakte tekst met tussenkoppen, lijsten, links naar pagina's en ingevoegde blokken.",
  displayField: "title",
  fields: {
    title: field.symbol().max(80).name("Titel"),
    body: field
      .richText({ embeddedEntries: EMBEDDABLE_BLOCK_TYPES, entryHyperlinks: ["page"] })
      .required()
      .name("Tekst"),
  },
});

export const RichTextFieldsSchema = richTextModel.schema;
export type RichTextFields = z.infer<typeof RichTextFieldsSchema>;
