import type { z } from "zod";
import { defineContentType, field } from "./define";

/**
 * Functional block: customer service's contact form (issue 43 item 2). The editor writes its title and
 * introduction; the fields, the subjects and the confirmation are the shop's (the API checks the same
 * subjects, and the confirmation names the reference and the answer time customer service promises).
 */
export const contactFormModel = defineContentType({
  id: "contactForm",
  name: "Contactformulier",
  description:
    "Bezoekers en spelers stellen een vraag aan de klantenservice en krijgen een referentie en een bevestiging per e-mail.",
  displayField: "title",
  fields: {
    title: field.symbol().required().max(80).name("Titel"),
    intro: field
      .symbol()
      .max(300)
      .name("Introductie")
      .help("Niet verplicht: een korte uitleg boven het formulier, bijvoorbeeld wanneer je antwoord krijgt."),
  },
});

export const ContactFormFieldsSchema = contactFormModel.schema;
export type ContactFormFields = z.infer<typeof ContactFormFieldsSchema>;
