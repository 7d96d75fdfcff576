import type { z } from "zod";
import { defineContentType, field, SLUG } from "./define";

/** Functional block: choose and buy tickets, bound to the shop API by page id (spec section 7). */
export const ticketConfiguratorModel = defineContentType({
  id: "ticketConfigurator",
  name: "Loten samenstellen",
  description: "Hier kiezen spelers hun loten en leggen ze in het winkelmandje.",
  displayField: "pageId",
  fields: {
    pageId: field
      .symbol()
      .required()
      .matches(
        SLUG,
        "Een pagina-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld loten-webshop",
      )
      .name("Page-id")
      .help("Het id waarmee de webshop producten en prijzen ophaalt, bijvoorbeeld loten-webshop."),
    title: field.symbol().max(80).name("Titel"),
  },
});

export const TicketConfiguratorFieldsSchema = ticketConfiguratorModel.schema;
export type TicketConfiguratorFields = z.infer<typeof TicketConfiguratorFieldsSchema>;
