import type { z } from "zod";
import { defineContentType, field, LINK } from "./define";

/** A call to action across the page width. */
export const ctaBannerModel = defineContentType({
  id: "ctaBanner",
  name: "Actiebanner",
  description: "Een opvallende balk met een korte boodschap en een knop.",
  displayField: "title",
  fields: {
    title: field.symbol().required().max(80).name("Titel"),
    text: field.text().max(300).name("Tekst"),
    buttonLabel: field.symbol().required().max(40).name("Knoptekst"),
    buttonPath: field
      .symbol()
      .required()
      .matches(LINK, "Een link is een pad dat met / begint, of een volledig http(s)-adres")
      .name("Knoplink"),
    variant: field
      .symbol()
      .oneOf(["brand", "accent"])
      .default("brand")
      .name("Kleur")
      .help("brand: de merkkleur; accent: de accentkleur, voor acties."),
  },
});

export const CtaBannerFieldsSchema = ctaBannerModel.schema;
export type CtaBannerFields = z.infer<typeof CtaBannerFieldsSchema>;
