import type { EntryResult, GameInfo } from "@/src/contract/games-of-chance";
import { LEAD_OPT_IN_URL } from "@/src/domain/promotions/opt-ins";
import { playerText, gamePage as text } from "@/src/lib/messages";
import { TermsLink } from "@/src/shop/components/terms-link";

export { gameEntryPath, gameLinkPath } from "@/src/domain/games-of-chance/game-paths";

/**
 * The game's opt-ins in a form: unticked, each with its fixed text (sent along, so the server records
 * exactly the words shown); a required one says so.
 */
export function GameOptIns({ game, prefix }: { game: GameInfo; prefix: string }) {
  if (game.optIns.length === 0) return null;
  return (
    <fieldset className="form-field">
      <legend>{text.optInsLegend}</legend>
      {game.optIns.map((optIn) => (
        <div key={optIn.id} className="form-field__choice">
          <input type="checkbox" id={`${prefix}-opt-in-${optIn.id}`} name="optIn" value={optIn.id} />
          <label htmlFor={`${prefix}-opt-in-${optIn.id}`}>
            {optIn.text}
            {optIn.required ? ` ${text.required}` : ""}
          </label>
          <input type="hidden" name={`optInText:${optIn.id}`} value={optIn.text} />
          {optIn.id === "actievoorwaarden" ? (
            <p className="form-field__hint">
              <TermsLink href={LEAD_OPT_IN_URL} label={text.readActionTerms} />
            </p>
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}

/**
 * What an entry did, per ticket (spec section 5: a result that is not wholly successful lists the failed
 * and the successful tickets): those that entered, and those that failed with the reason.
 */
export function EntryResultList({
  result,
  failed = result?.failed ?? [],
  error,
}: {
  result?: EntryResult;
  failed?: EntryResult["failed"];
  error?: string;
}) {
  const entered = result?.entered ?? [];
  return (
    <section className="game-result card" aria-labelledby="game-result-title" role="status">
      <h2 id="game-result-title">{entered.length > 0 ? text.resultTitle : text.noneEnteredTitle}</h2>
      {error ? <p className="form-error">{error}</p> : null}
      {entered.length > 0 ? (
        <>
          <p>{text.enteredIntro}</p>
          <ul aria-label={text.enteredList}>
            {entered.map((entry) => (
              <li key={entry.ticketNumber ?? "once"}>{entry.ticketNumber ?? text.enteredOnce}</li>
            ))}
          </ul>
        </>
      ) : null}
      {failed.length > 0 ? (
        <>
          <p>{text.failedIntro}</p>
          <ul aria-label={text.failedList}>
            {failed.map((failure) => (
              <li key={failure.ticketNumber}>
                {failure.ticketNumber}: {playerText(failure.reason)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {result ? <p>{text.participations(result.participations, result.maxParticipations)}</p> : null}
    </section>
  );
}
