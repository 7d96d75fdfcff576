import type { z } from "zod";
import { defineContentType, field, SLUG } from "./define";

/** A group's name as the experiment knows it (`control`, `countdown`, `b`). */
const GROUP = /^[A-Za-z0-9_-]{1,32}$/;

/** What one group of an experiment sees instead of the experiment's standard blocks. */
export const experimentVariantModel = defineContentType({
  id: "experimentVariant",
  name: "Experimentvariant",
  description: "De blokken die bezoekers in één groep van een experiment zien.",
  displayField: "title",
  fields: {
    title: field
      .symbol()
      .required()
      .max(80)
      .name("Naam")
      .help("Alleen voor redacteuren, bijvoorbeeld Homepage-hero: aftelklok."),
    group: field
      .symbol()
      .required()
      .matches(GROUP, "Een groep is 1 tot 32 letters, cijfers, - of _, bijvoorbeeld countdown")
      .name("Groep")
      .help(
        "De groep van het experiment die deze blokken ziet, precies zoals het experiment hem noemt, bijvoorbeeld countdown.",
      ),
    blocks: field.blocks("section").required().name("Blokken"),
  },
});

/**
 * An A/B test on a page (issue 43 item 5): the visitor's group of the experiment (a cookie the server
 * sets on the first visit, drawn by the groups' weights) decides which blocks show. Standard blocks for
 * the control group, a group without a variant, a visitor the experiment does not know and an experiment
 * that is off. The server decides (no flicker); the page cache keeps a copy per group.
 */
export const experimentModel = defineContentType({
  id: "experiment",
  name: "Experiment",
  description: "Toont bezoekers per groep van een experiment andere blokken (A/B-test).",
  displayField: "title",
  fields: {
    title: field
      .symbol()
      .required()
      .max(80)
      .name("Naam")
      .help("Alleen voor redacteuren, bijvoorbeeld Homepage-hero."),
    experimentKey: field
      .symbol()
      .required()
      .matches(
        SLUG,
        "Een experimentsleutel bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld homepage-hero",
      )
      .name("Experiment")
      .help("De sleutel van het experiment in de shop, bijvoorbeeld homepage-hero of checkout-knop."),
    blocks: field
      .blocks("section")
      .required()
      .name("Standaardblokken")
      .help(
        "Voor de controlegroep, een groep zonder eigen variant en iedereen als het experiment uit staat.",
      ),
    variants: field
      .entries([experimentVariantModel])
      .name("Varianten")
      .help("Per groep de blokken die die groep in plaats van de standaardblokken ziet."),
  },
  rules: [
    {
      field: "variants",
      message: "Elke groep heeft hoogstens één variant",
      test: (fields) =>
        new Set(fields.variants.map((variant) => variant.fields.group)).size === fields.variants.length,
    },
  ],
});

export const ExperimentFieldsSchema = experimentModel.schema;
export type ExperimentFields = z.infer<typeof ExperimentFieldsSchema>;
