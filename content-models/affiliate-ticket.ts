import type { z } from "zod";
import { AFFILIATE_PRODUCTS, MAX_PER_PLAYER_LIMIT } from "@/src/domain/affiliate-tickets/affiliate-rules";
import { defineContentType, field, SLUG } from "./define";

/**
 * Functional block: a partner's offer (issue 17), bound to the shop API by page id. An editor makes a page
 * for a partner (its white-label host, or its code in the address), chooses the ticket, the price (0 is
 * free), a maximum per player and when the offer runs; visitors the partner sends log in or register and
 * get or buy the ticket. Every order records the partner.
 */
export const affiliateTicketModel = defineContentType({
  id: "affiliateTicket",
  name: "Partnerlot",
  description: "Een aanbod van een partner: bezoekers die de partner stuurt krijgen of kopen een lot.",
  displayField: "pageId",
  fields: {
    pageId: field
      .symbol()
      .required()
      .unique()
      .matches(
        SLUG,
        "Een pagina-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld bladwijzer-welkom",
      )
      .name("Page-id")
      .help("Het id waarmee de webshop dit aanbod herkent, bijvoorbeeld bladwijzer-welkom."),
    title: field.symbol().required().max(80).name("Titel"),
    text: field.symbol().max(300).name("Tekst").help("Niet verplicht: een korte uitleg onder de titel."),
    partnerName: field.symbol().required().max(60).name("Partner").help("Zoals spelers de partner kennen."),
    partnerHost: field
      .symbol()
      .matches(
        /^[a-z0-9.-]+$/,
        "Een host is in kleine letters, zonder https:// of poort, bijvoorbeeld bladwijzer.localhost",
      )
      .name("Host van de partner")
      .help(
        "Het eigen adres van de partner (white-label), zonder https:// en poort. Of gebruik een partnercode.",
      ),
    partnerCode: field
      .symbol()
      .matches(
        /^[A-Z0-9-]{2,32}$/,
        "Een partnercode is 2 tot 32 hoofdletters, cijfers of streepjes, bijvoorbeeld DAGBLAD",
      )
      .name("Partnercode")
      .help("De code in het adres: ?partner=DAGBLAD. Of gebruik de host van de partner."),
    product: field
      .symbol()
      .required()
      .oneOf(AFFILIATE_PRODUCTS)
      .name("Lot")
      .help("WHOLE (heel lot), ONE_FIFTH (vijfde lot) of MILLION_GAME (Miljoenenspel-lot)."),
    priceInCents: field
      .integer()
      .required()
      .max(100_000)
      .name("Prijs in centen")
      .help("Wat de speler betaalt, in centen: 0 is gratis, 995 is € 9,95."),
    maxPerPlayer: field.integer().default(1).min(1).max(MAX_PER_PLAYER_LIMIT).name("Maximaal per speler"),
    startDate: field.date().required().name("Begint op"),
    endDate: field.date().required().name("Eindigt op").help("Vanaf dit moment is het aanbod voorbij."),
  },
  rules: [
    {
      field: "partnerHost",
      message: "Vul de host van de partner of de partnercode in (een van beide)",
      test: (fields) => Boolean(fields.partnerHost) !== Boolean(fields.partnerCode),
    },
    {
      field: "endDate",
      message: "Het aanbod moet eindigen na de start",
      test: (fields) =>
        typeof fields.startDate !== "string" ||
        typeof fields.endDate !== "string" ||
        Date.parse(fields.endDate) > Date.parse(fields.startDate),
    },
  ],
});

export const AffiliateTicketFieldsSchema = affiliateTicketModel.schema;
export type AffiliateTicketFields = z.infer<typeof AffiliateTicketFieldsSchema>;
