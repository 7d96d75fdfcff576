import type { EntryResult } from "@/src/contract/games-of-chance";
import { general, gamePage as text } from "@/src/lib/messages";
import type { ApiError } from "@/src/shop/client/api-error";

/**
 * A refused entry as the game's pages show it: the tickets that failed with their reasons (the refusal's
 * `tickets.{number}` field errors), and the message for the form: a missing opt-in, a bad link, a game not
 * running, "none entered" when tickets failed, or the refusal's own text.
 */
export function refusedEntry(error: ApiError): { failed: EntryResult["failed"]; error: string } {
  const failed = Object.entries(error.fieldErrors).flatMap(([key, messages]) =>
    key.startsWith("tickets.")
      ? [
          {
            ticketNumber: key.slice("tickets.".length),
            code: error.code ?? "Invalid",
            reason: messages[0] ?? "",
          },
        ]
      : [],
  );
  const { optIns, data, game } = error.fieldErrors;
  const message =
    optIns?.[0] ??
    data?.[0] ??
    game?.[0] ??
    (failed.length > 0 ? text.noneEntered : error.message || general.generic);
  return { failed, error: message };
}
