import type { z } from "zod";
import { defineContentType, field } from "./define";
import { faqItemModel } from "./faq-item";

/** Frequently asked questions; the items are parsed with their own model. */
export const faqModel = defineContentType({
  id: "faq",
  name: "Veelgestelde vragen",
  description: "Een lijst met vragen die bezoekers kunnen openklappen.",
  displayField: "title",
  fields: {
    title: field.symbol().max(80).name("Titel"),
    questions: field.entries([faqItemModel]).required().max(30).name("Vragen"),
  },
});

export const FaqFieldsSchema = faqModel.schema;
export type FaqFields = z.infer<typeof FaqFieldsSchema>;
