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
      .matches(LINK, "A link is a path starting with / or an absolute http(s) URL")
      .name("Knoplink")
      .help("Een pad in de webshop, bijvoorbeeld /loten."),
  },
  rules: [
    {
      field: "ctaPath",
      message: "Fill in both the button label and the button link, or neither",
      test: (fields) => (fields.ctaLabel === undefined) === (fields.ctaPath === undefined),
    },
  ],
});

export const HeroFieldsSchema = heroModel.schema;
export type HeroFields = z.infer<typeof HeroFieldsSchema>;
