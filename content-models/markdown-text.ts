import type { z } from "zod";
import { defineContentType, field } from "./define";

/** Text in markdown, rendered on the server with the link rules of spec section 5. */
export const markdownTextModel = defineContentType({
  id: "markdownText",
  name: "Tekst (markdown)",
  description: "Tekst in markdown, bijvoorbeeld voor actievoorwaarden en lange lijsten.",
  displayField: "title",
  fields: {
    title: field.symbol().max(80).name("Titel").help("Optioneel; staat boven de tekst."),
    body: field
      .markdown()
      .required()
      .name("Tekst")
      .help(
        "Markdown: ## voor een tussenkop, - voor een lijst, [tekst](/pad) voor een link. Links met javascript:, vbscript:, file: of data: worden niet getoond.",
      ),
  },
});

export const MarkdownTextFieldsSchema = markdownTextModel.schema;
export type MarkdownTextFields = z.infer<typeof MarkdownTextFieldsSchema>;
