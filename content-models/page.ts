import type { z } from "zod";
import { defineContentType, field, LINK, PAGE_PATH, SLUG } from "./define";

/** A route middleware name as registered in src/shop/app/middleware/registry.server.ts (e.g. `auth`). */
const MIDDLEWARE_NAME = /^[a-z][a-zA-Z0-9-]*$/;

/**
 * A page at its own path, composed of blocks (DESIGN section 4). The blocks stay raw here: the page
 * resolver parses each with its block's model, bounded in depth and safe from cycles, and skips (and
 * reports) a block it cannot parse instead of failing the page.
 */
export const pageModel = defineContentType({
  id: "page",
  name: "Pagina",
  description: "Een pagina van de webshop op een eigen adres, opgebouwd uit blokken.",
  displayField: "title",
  fields: {
    title: field.symbol().required().name("Titel").help("De titel in het browsertabblad en in zoekmachines."),
    path: field
      .symbol()
      .required()
      .unique()
      .matches(
        PAGE_PATH,
        "Een pad begint met / en heeft kleine letters, cijfers en streepjes, zonder / aan het eind",
      )
      .name("Pad")
      .help(
        "Het adres van de pagina, bijvoorbeeld /oudejaarstrekking. Kleine letters, cijfers en streepjes; geen / aan het eind.",
      ),
    description: field
      .symbol()
      .max(200)
      .name("SEO-omschrijving")
      .help("De omschrijving die zoekmachines tonen; ongeveer 150 tekens."),
    canonical: field
      .symbol()
      .matches(LINK, "Een canoniek adres is een pad dat met / begint, of een volledig http(s)-adres")
      .name("Canonieke URL")
      .help("Alleen invullen als dezelfde inhoud ook op een ander adres staat."),
    noindex: field
      .boolean()
      .default(false)
      .name("Niet indexeren")
      .help("Zoekmachines nemen de pagina niet op."),
    socialImage: field
      .asset()
      .name("Afbeelding voor sociale media")
      .help("Wordt getoond als de pagina gedeeld wordt; liefst 1200 × 630 pixels."),
    theme: field
      .symbol()
      .matches(SLUG, "Een thema bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld bladwijzer")
      .name("White-label-thema")
      .help(
        "Leeg voor de eigen huisstijl. bladwijzer en buurtsuper hebben een eigen vormgeving; elke andere waarde krijgt de eenvoudige partnervormgeving.",
      ),
    middleware: field
      .symbols()
      .matches(MIDDLEWARE_NAME, "Een middlewarenaam begint met een kleine letter, bijvoorbeeld auth")
      .name("Route-middleware")
      .help("Bijvoorbeeld auth: alleen voor ingelogde spelers. Een onbekende naam geeft een foutpagina."),
    prerender: field
      .boolean()
      .default(false)
      .name("Vooraf renderen")
      .help(
        "De pagina wordt bij het bouwen van de site al gemaakt; voor drukbezochte pagina's zonder persoonlijke inhoud.",
      ),
    blocks: field.blocks("page").name("Blokken"),
  },
});

export const PageFieldsSchema = pageModel.schema;
export type PageFields = z.infer<typeof PageFieldsSchema>;
