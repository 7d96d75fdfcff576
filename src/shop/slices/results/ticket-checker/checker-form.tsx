import { useId } from "react";
import type { DrawSummary } from "@/src/contract/results";
import { formatDate } from "@/src/lib/format";
import { ticketChecker as text } from "@/src/lib/messages";
import { useHydrated } from "@/src/shop/components/use-hydrated";
import type { HeadingLevel } from "../heading";
import { CheckOutcome } from "./check-outcome";
import { CheckerRowFields } from "./checker-row";
import { type CheckerAnswer, MAX_ROWS, rowFraction, TICKET_CHECK_ACTION } from "./ticket-checker-model";
import { type TicketCheckerState, useTicketChecker } from "./use-ticket-checker";

/**
 * The draw to check against, the numbers to check, and the answer, read out when it comes. Without
 * JavaScript the form posts to the ticket check page, which answers with the outcome (`answered`);
 * adding and removing rows needs JavaScript, so those buttons wait for it.
 */
export function CheckerForm({
  draws,
  initialDrawId,
  labelledBy,
  resultsHeadingLevel,
  answered,
}: {
  draws: readonly DrawSummary[];
  initialDrawId?: number;
  labelledBy: string;
  resultsHeadingLevel: HeadingLevel;
  answered?: CheckerAnswer;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const checker = useTicketChecker({ draws, initialDrawId, answered }, id);
  const { draw, rows, pending, outcome } = checker;
  return (
    <form
      className="ticket-checker__form"
      aria-labelledby={labelledBy}
      method="post"
      action={TICKET_CHECK_ACTION}
      onSubmit={checker.submit}
      noValidate
    >
      <p className="ticket-checker__intro">{text.intro}</p>
      {checker.formError ? (
        <p className="form-error" role="alert">
          {checker.formError}
        </p>
      ) : null}

      <DrawSelect draws={draws} checker={checker} />

      <ol className="ticket-checker__rows">
        {rows.map((row, index) => (
          <CheckerRowFields
            key={row.key}
            row={row}
            index={index}
            inputId={checker.numberId(row.key)}
            error={checker.rowError(row)}
            fractions={checker.fractions}
            fraction={rowFraction(row, draw)}
            xl={checker.xl}
            removable={hydrated && rows.length > 1}
            onChange={(change) => checker.updateRow(row.key, change)}
            onLeave={() => checker.leaveRow(row)}
            onRemove={() => checker.removeRow(index)}
          />
        ))}
      </ol>

      <div className="portal-form__actions">
        {!hydrated ? null : rows.length < MAX_ROWS ? (
          <button type="button" className="button button--secondary" onClick={checker.addRow}>
            {text.addRow}
          </button>
        ) : (
          <p className="form-field__hint">{text.rowsFull(MAX_ROWS)}</p>
        )}
        <button type="submit" className="button" disabled={pending}>
          {text.submit}
        </button>
      </div>

      <div className="ticket-checker__outcome" role="status">
        {pending ? <p>{text.pending}</p> : null}
        {outcome && !pending ? <CheckOutcome outcome={outcome} headingLevel={resultsHeadingLevel} /> : null}
      </div>
    </form>
  );
}

/**
 * The draws by date under their game (issue 43): "Miljoenenspel 28 november 2026" needs more room than a
 * 320 px screen gives a select, a date fits. With JavaScript the chosen draw's name shows under it.
 */
function DrawSelect({ draws, checker }: { draws: readonly DrawSummary[]; checker: TicketCheckerState }) {
  const { draw, drawError } = checker;
  const hydrated = useHydrated();
  const nameId = `${checker.drawInputId}-name`;
  const errorId = `${checker.drawInputId}-error`;
  const games = [...new Set(draws.map((option) => option.gameType))];
  return (
    <div className="form-field">
      <label htmlFor={checker.drawInputId}>{text.drawLabel}</label>
      <select
        id={checker.drawInputId}
        name="drawId"
        value={draw.drawId}
        onChange={(event) => checker.chooseDraw(Number(event.currentTarget.value))}
        aria-invalid={drawError ? true : undefined}
        aria-describedby={
          [hydrated ? nameId : "", drawError ? errorId : ""].filter(Boolean).join(" ") || undefined
        }
      >
        {games.map((game) => (
          <optgroup key={game} label={text.games[game]}>
            {draws
              .filter((option) => option.gameType === game)
              .map((option) => (
                <option key={option.drawId} value={option.drawId}>
                  {formatDate(option.drawDate)}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      {hydrated ? (
        <p id={nameId} className="form-field__hint">
          {draw.name}
        </p>
      ) : null}
      {drawError ? (
        <p id={errorId} className="form-field__error">
          {drawError}
        </p>
      ) : null}
    </div>
  );
}
