import type { z } from "zod";
import { defineContentType, field, SLUG } from "./define";

/**
 * An instant sweepstake on signing up for a subscription: the shop API decides each order's result once,
 * when its first payment is paid, while prizes last and until the end date.
 */
export const sweepstakeModel = defineContentType({
  id: "sweepstake",
  name: "Direct-winactie",
  description:
    "Een winactie bij het afsluiten van een abonnement: de speler ziet meteen of hij gewonnen heeft.",
  displayField: "prizeText",
  fields: {
    sweepstakeId: field
      .symbol()
      .required()
      .unique()
      .matches(
        SLUG,
        "Een winactie-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld kerst-ballonvaart",
      )
      .name("Actie-id"),
    prizeText: field
      .symbol()
      .required()
      .max(120)
      .name("Prijs")
      .help("Bijvoorbeeld: een ballonvaart voor twee."),
    numberOfPrizes: field.integer().required().max(100_000).name("Aantal prijzen"),
    oddsOneIn: field
      .integer()
      .default(10)
      .max(1_000_000)
      .name("Kans: 1 op")
      .help("Eén op hoeveel deelnemers wint zolang er prijzen zijn, bijvoorbeeld 10."),
    endDate: field.date().required().name("Einddatum").help("Tot dit moment doen nieuwe abonnees mee."),
  },
});

export const SweepstakeFieldsSchema = sweepstakeModel.schema;
export type SweepstakeFields = z.infer<typeof SweepstakeFieldsSchema>;
