import type { z } from "zod";
import { defineContentType, field } from "./define";

/** Functional block: check up to 10 ticket numbers at once (domain: tickets). */
export const ticketCheckerModel = defineContentType({
  id: "ticketChecker",
  name: "Lotcontrole",
  description: "Spelers controleren tot 10 lotnummers tegelijk.",
  displayField: "title",
  fields: {
    title: field.symbol().max(80).name("Titel"),
  },
});

export const TicketCheckerFieldsSchema = ticketCheckerModel.schema;
export type TicketCheckerFields = z.infer<typeof TicketCheckerFieldsSchema>;
