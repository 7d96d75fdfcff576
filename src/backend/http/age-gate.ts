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

/**
 * A player iDIN found under 18 (or whose details the bank did not confirm) is refused what is only for
 * players, as Kroonpunten (issue 43); one who has not done the check yet is not.
 */
export function refuseRefusedAge(player: Pick<SessionPlayer, "validationState">): void {
  if (player.validationState === "Refused") {
    throw new HttpProblem(403, { code: "AgeValidationRequiredError" });
  }
}
