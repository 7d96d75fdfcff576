/**
 * The spec's English texts (sections 4, 5 and 8) that the API and the client answer with, and the Dutch a
 * player reads instead (issue 43): API callers and logs keep the spec's words, the shop shows the
 * catalogue's. Part of the one message catalogue (`src/lib/messages.ts`).
 */

import {
  BOULEVARD_ID_MISSING,
  BOULEVARD_ID_OR_SHARES_MISSING,
  boulevardMessages,
  TICKET_NUMBER_INVALID,
  ticketNumber,
} from "./results";
import { basket, statusFallback } from "./shop";

const PLAYER_TEXTS: Readonly<Record<string, string>> = {
  [ticketNumber.invalid]: TICKET_NUMBER_INVALID,
  [boulevardMessages.idMissing]: BOULEVARD_ID_MISSING,
  [boulevardMessages.idOrShareMissing]: BOULEVARD_ID_OR_SHARES_MISSING,
  [statusFallback[400] as string]:
    "We konden dit niet verwerken. Controleer wat je hebt ingevuld en probeer het opnieuw.",
  [statusFallback[401] as string]: "Je bent niet ingelogd",
  [statusFallback[403] as string]: "Dit mag (nu) niet. Ververs de pagina en probeer het opnieuw.",
  [statusFallback[404] as string]: "We kunnen niet vinden wat je zoekt. Misschien bestaat het niet meer.",
  [basket.ticketNotFound]: "Dit lot zit niet (meer) in je winkelmandje.",
  [basket.notAValidTicket]: "Er was iets mis met het lot in je winkelmandje.",
};

/** The spec's English texts a player must never read (a test scans pages and errors for them). */
export const SPEC_ENGLISH_TEXTS: readonly string[] = Object.keys(PLAYER_TEXTS);

/** What a player reads for a text from the API: the Dutch for a spec text in English, else the text itself. */
export function playerText(text: string): string {
  return Object.hasOwn(PLAYER_TEXTS, text) ? PLAYER_TEXTS[text]! : text;
}
