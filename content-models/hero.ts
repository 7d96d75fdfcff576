import type { z } from "zod";
import { defineContentType, field, LINK } from "./define";

/** The large opening block of a page: title, text, image and one call to action. */
export const heroModel = defineContentType({
  id: "hero",
  name: "Hero",
  description: "Het grote openingsblok van een pagina met titel, tekst, afbeelding en een knop.",
  displayField: "title",
  fields: {
    title: field.symbol().required().max(80).name("Titel"),
    text: field.text().max(400).name("Tekst"),
    image: field.asset().name("Afbeelding"),
    ctaLabel: field.symbol().max(40).name("Knoptekst").help("Bijvoorbeeld Koop je lot."),
    ctaPath: field
      .symbol()
      .matches(LINK, "Een link is een pad dat met / begint, of een volledig http(s)-adres")
      .name("Knoplink")
      .help("Een pad in de webshop, bijvoorbeeld /loten."),
  },
  rules: [
    {
      field: "ctaPath",
      message: "Vul zowel de knoptekst als de knoplink in, of geen van beide",
      test: (fields) => (fields.ctaLabel === undefined) === (fields.ctaPath === undefined),
    },
  ],
});

export const HeroFieldsSchema = heroModel.schema;
export type HeroFields = z.infer<typeof HeroFieldsSchema>;
