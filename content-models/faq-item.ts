import type { z } from "zod";
import { defineContentType, field } from "./define";

/** One question and answer; a part of an FAQ block. */
export const faqItemModel = defineContentType({
  id: "faqItem",
  name: "Vraag en antwoord",
  description: "Een vraag met het antwoord; wordt in een blok Veelgestelde vragen geplaatst.",
  displayField: "question",
  fields: {
    question: field.symbol().required().max(160).name("Vraag"),
    answer: field
      .richText({ entryHyperlinks: ["page"] })
      .required()
      .name("Antwoord"),
  },
});

export const FaqItemFieldsSchema = faqItemModel.schema;
export type FaqItemFields = z.infer<typeof FaqItemFieldsSchema>;
