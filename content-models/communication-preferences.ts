import type { z } from "zod";
import { VERTICALS } from "@/src/domain/communication-preferences/preferences";
import { defineContentType, field, SLUG } from "./define";

/**
 * Functional block: the communication preferences of one vertical on a campaign page (issue 20, item 5),
 * the same choices as `/mijn/voorkeuren`; changes made here are recorded with location `campagne`. A
 * visitor who is not logged in gets a login link that comes back to the page.
 */
export const communicationPreferencesModel = defineContentType({
  id: "communicationPreferences",
  name: "Communicatievoorkeuren",
  description:
    "Ingelogde spelers kiezen hoe ze benaderd willen worden (e-mail, post, telefoon, SMS) voor één loterij.",
  displayField: "pageId",
  fields: {
    pageId: field
      .symbol()
      .required()
      .unique()
      .matches(
        SLUG,
        "Een pagina-id bestaat uit kleine letters, cijfers en streepjes, bijvoorbeeld nieuwsbrief",
      )
      .name("Page-id")
      .help("Het id waarmee de webshop dit blok herkent, bijvoorbeeld nieuwsbrief."),
    title: field.symbol().required().max(80).name("Titel"),
    vertical: field
      .symbol()
      .required()
      .oneOf(VERTICALS)
      .name("Loterij")
      .help("Voor welke loterij de speler kiest: kroonloterij of miljoenenspel."),
  },
});

export const CommunicationPreferencesFieldsSchema = communicationPreferencesModel.schema;
export type CommunicationPreferencesFields = z.infer<typeof CommunicationPreferencesFieldsSchema>;
