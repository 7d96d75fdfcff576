import type { z } from "zod";
import { defineContentType, field, LINK } from "./define";

/** An old or campaign address without query, hash or trailing slash (the HTTP layer strips the slash). */
const REDIRECT_FROM = /^\/(?:[^\s/?#]+(?:\/[^\s/?#]+)*)?$/;

/** A server redirect rule (spec section 2: an absolute target causes a full page load). */
export const redirectModel = defineContentType({
  id: "redirect",
  name: "Doorverwijzing",
  description: "Stuurt bezoekers van een oud of kort adres door naar een pagina of een andere site.",
  displayField: "from",
  fields: {
    from: field
      .symbol()
      .required()
      .unique()
      .matches(
        REDIRECT_FROM,
        "Het adres dat doorverwijst is een pad dat met / begint, zonder ?, # of / aan het eind",
      )
      .name("Van")
      .help("Het adres dat doorverwijst, bijvoorbeeld /actie."),
    to: field
      .symbol()
      .required()
      .matches(
        LINK,
        "Het doel van de doorverwijzing is een pad dat met / begint, of een volledig http(s)-adres",
      )
      .name("Naar")
      .help("Een pad in de webshop (/oudejaarstrekking) of een volledig adres (https://...)."),
    permanent: field
      .boolean()
      .default(false)
      .name("Permanent")
      .help("Aan: 301, zoekmachines onthouden het nieuwe adres. Uit: 302, voor tijdelijke acties."),
  },
});

export const RedirectFieldsSchema = redirectModel.schema;
export type RedirectFields = z.infer<typeof RedirectFieldsSchema>;
