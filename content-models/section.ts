import type { z } from "zod";
import { defineContentType, field } from "./define";

/**
 * Groups editorial blocks on a background. Its blocks stay raw like a page's: the page resolver walks
 * them with the same depth bound and cycle protection (a section may hold a section).
 */
export const sectionModel = defineContentType({
  id: "section",
  name: "Sectie",
  description: "Groepeert blokken op een gekleurde achtergrond.",
  displayField: "title",
  fields: {
    title: field.symbol().max(80).name("Titel"),
    background: field
      .symbol()
      .oneOf(["none", "tint", "brand"])
      .default("none")
      .name("Achtergrond")
      .help("none: geen; tint: lichte merkkleur; brand: de merkkleur met witte tekst."),
    blocks: field.blocks("section").required().name("Blokken"),
  },
});

export const SectionFieldsSchema = sectionModel.schema;
export type SectionFields = z.infer<typeof SectionFieldsSchema>;
