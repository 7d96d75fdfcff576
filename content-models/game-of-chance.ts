import type { z } from "zod";
import { ENTRY_METHODS } from "@/src/domain/games-of-chance/game-rules";
import { OPT_IN_IDS } from "@/src/domain/promotions/opt-ins";
import { PRODUCT_TYPES } from "@/src/domain/tickets/catalogue";
import { defineContentType, field, SLUG } from "./define";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Functional block: a promotional game of chance (issue 19), "win a car with your ticket number". The
 * editor sets the prize, which tickets count (the dates of their draws, their product types), the maximum
 * participations per player, when it runs, the opt-ins (fixed texts; some required) and the ways to enter.
 * After it ends the game's draw picks the winners (`npm run games:draw`); the block then shows them.
 */
export const gameOfChanceModel = defineContentType({
  id: "gameOfChance",
  name: "Winactie",
  description: "Spelers doen mee met de loten die ze hebben; na afloop worden de winnaars getrokken.",
  displayField: "pageId",
  fields: {
    pageId: field
      .symbol()
      .required()
      .unique()
      .matches(
        SLUG,
        "Een pagina-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld win-een-auto",
      )
      .name("Page-id")
      .help("Het id waarmee de webshop deze winactie herkent, bijvoorbeeld win-een-auto."),
    title: field.symbol().required().max(80).name("Titel"),
    prizeText: field.symbol().required().max(200).name("Prijs").help("Wat er te winnen is."),
    numberOfPrizes: field.integer().default(1).min(1).max(100).name("Aantal winnaars"),
    ticketsFrom: field
      .symbol()
      .required()
      .matches(DATE, "Een datum als JJJJ-MM-DD")
      .name("Loten van trekkingen vanaf")
      .help("Datum (JJJJ-MM-DD) van de eerste trekking waarvan loten meedoen."),
    ticketsUntil: field
      .symbol()
      .required()
      .matches(DATE, "Een datum als JJJJ-MM-DD")
      .name("Loten van trekkingen tot en met"),
    productTypes: field
      .symbols()
      .oneOf([...PRODUCT_TYPES, "MillionGame"] as [string, ...string[]])
      .name("Soorten loten")
      .help("Leeg: alle loten doen mee."),
    maxParticipations: field.integer().default(5).min(1).max(50).name("Maximaal aantal deelnames per speler"),
    startDate: field.date().required().name("Begint op"),
    endDate: field.date().required().name("Eindigt op"),
    optIns: field.symbols().oneOf(OPT_IN_IDS).name("Toestemmingen").help("Vaste teksten, niet aangevinkt."),
    requiredOptIns: field
      .symbols()
      .oneOf(OPT_IN_IDS)
      .name("Verplichte toestemmingen")
      .help("Toestemmingen die een speler moet aanvinken om mee te doen (ook gekozen bij Toestemmingen)."),
    entryMethods: field
      .symbols()
      .oneOf(ENTRY_METHODS)
      .name("Manieren van meedoen")
      .help(
        "online (je online loten), manual (lotnummers typen), retail (barcode), link (e-mail), subscribe (één klik).",
      ),
  },
  rules: [
    {
      field: "endDate",
      message: "Het spel moet eindigen na de start",
      test: (fields) =>
        typeof fields.startDate !== "string" ||
        typeof fields.endDate !== "string" ||
        Date.parse(fields.endDate) > Date.parse(fields.startDate),
    },
    {
      field: "requiredOptIns",
      message: "Een verplichte toestemming moet ook een van de toestemmingen van het spel zijn",
      test: (fields) =>
        !Array.isArray(fields.requiredOptIns) ||
        fields.requiredOptIns.every((id) => Array.isArray(fields.optIns) && fields.optIns.includes(id)),
    },
  ],
});

export const GameOfChanceFieldsSchema = gameOfChanceModel.schema;
export type GameOfChanceFields = z.infer<typeof GameOfChanceFieldsSchema>;
