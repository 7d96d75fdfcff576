import { HttpProblem } from "./problem-error";
import type { SessionPlayer } from "./session/session.server";

/**
 * The law's 18+ rule at the API (issue 16, item 2): a payment of any kind starts only for a player whose
 * age iDIN confirmed. The pages send such a player through iDIN first; this refuses whoever calls the API
 * directly (403 `AgeValidationRequiredError`, with its Dutch text in the catalogue).
 */
export function requireValidatedAge(player: Pick<SessionPlayer, "validationState">): void {
  if (player.validationState !== "Validated") {
    throw new HttpProblem(403, { code: "AgeValidationRequiredError" });
  }
}
