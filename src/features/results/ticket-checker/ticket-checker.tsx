import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { ApiError } from "@/src/api/client/api-error";
import { createLatestOnly } from "@/src/api/client/latest-only";
import {
  type CheckedTicket,
  checkTickets,
  type DrawSummary,
  normaliseTicketNumber,
} from "@/src/api/contract/results";
import { ApiProvider, useApiClients } from "@/src/app/api-context";
import { formatEuroCents } from "@/src/lib/format";
import { general, ticketChecker as text, ticketNumber as ticketNumberMessages } from "@/src/lib/messages";
import { RetailTicketEntry } from "./retail-ticket-entry";
import {
  type CheckerRow,
  fractionsFor,
  isBlank,
  MAX_ROWS,
  type MappedServerErrors,
  offersXl,
  rowFraction,
  serverErrorsByRow,
  ticketNumberError,
  ticketsToCheck,
} from "./ticket-checker-model";

type HeadingLevel = 2 | 3 | 4;

export type TicketCheckerProps = {
  /** The draws whose tickets can be checked, newest first. */
  draws: readonly DrawSummary[];
  title?: string;
  headingLevel?: HeadingLevel;
  /** Preselects this draw when it is among `draws` (the page of one draw); otherwise the newest. */
  initialDrawId?: number;
};

/**
 * Check up to 10 ticket numbers against a published draw (spec sections 5 and 7; shared/domain.md
 * "Prizes and results"), each as a whole ticket or a part and with or without XL. Logged-in players can
 * also add a shop-bought ticket by its barcode.
 */
export function TicketChecker(props: TicketCheckerProps) {
  return (
    <ApiProvider>
      <TicketCheckerContent {...props} />
    </ApiProvider>
  );
}

function Heading({ level, id, children }: { level: HeadingLevel; id?: string; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return <Tag id={id}>{children}</Tag>;
}

function TicketCheckerContent({ draws, title, headingLevel = 2, initialDrawId }: TicketCheckerProps) {
  const titleId = useId();
  const subLevel = Math.min(headingLevel + 1, 4) as HeadingLevel;
  return (
    <section className="ticket-checker" aria-labelledby={titleId}>
      <Heading level={headingLevel} id={titleId}>
        {title ?? text.defaultTitle}
      </Heading>
      {draws.length === 0 ? (
        <p>{text.noDraws}</p>
      ) : (
        <CheckerForm
          draws={draws}
          initialDrawId={initialDrawId}
          labelledBy={titleId}
          resultsHeadingLevel={subLevel}
        />
      )}
      <RetailTicketEntry headingLevel={subLevel} />
    </section>
  );
}

type Outcome = {
  draw: DrawSummary;
  results: CheckedTicket[];
  totalInCents: number;
};

const NO_SERVER_ERRORS: MappedServerErrors = { byRow: {}, unmatched: [] };

const emptyRow = (key: number): CheckerRow => ({ key, ticketNumber: "", fraction: "WHOLE", withXl: false });

function CheckerForm({
  draws,
  initialDrawId,
  labelledBy,
  resultsHeadingLevel,
}: {
  draws: readonly DrawSummary[];
  initialDrawId?: number;
  labelledBy: string;
  resultsHeadingLevel: HeadingLevel;
}) {
  const id = useId();
  const { shop } = useApiClients();
  // A newer check cancels the one still in flight, so a slow old answer never replaces a newer one.
  const [latest] = useState(createLatestOnly);
  useEffect(() => () => latest.cancel(), [latest]);

  const [drawId, setDrawId] = useState(initialDrawId);
  const [rows, setRows] = useState<CheckerRow[]>(() => [emptyRow(0)]);
  const nextKey = useRef(1);
  const [touched, setTouched] = useState<ReadonlySet<number>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<MappedServerErrors>(NO_SERVER_ERRORS);
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const draw = draws.find((candidate) => candidate.drawId === drawId) ?? draws[0]!;
  const fractions = fractionsFor(draw);
  const xl = offersXl(draw);

  const numberId = (key: number) => `${id}-number-${key}`;
  const focusNumber = (key: number | undefined) => {
    if (key !== undefined) document.getElementById(numberId(key))?.focus();
  };
  const rowError = (row: CheckerRow): string | undefined =>
    serverErrors.byRow[row.key] ?? (submitted || touched.has(row.key) ? ticketNumberError(row) : undefined);
  const drawError = serverErrors.drawId;

  const updateRow = (key: number, change: Partial<CheckerRow>) => {
    setRows((before) => before.map((row) => (row.key === key ? { ...row, ...change } : row)));
    if (serverErrors.byRow[key] !== undefined) {
      setServerErrors((before) => {
        const { [key]: _stale, ...byRow } = before.byRow;
        return { ...before, byRow };
      });
    }
    setFormError(undefined);
  };

  const addRow = () => {
    const key = nextKey.current++;
    flushSync(() => setRows((before) => [...before, emptyRow(key)]));
    focusNumber(key);
  };

  const removeRow = (index: number) => {
    const remaining = rows.filter((_, position) => position !== index);
    flushSync(() => setRows(remaining));
    // Focus stays in the list: on the row that took this one's place, or the new last row.
    focusNumber(remaining[Math.min(index, remaining.length - 1)]?.key);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = ticketsToCheck(rows, draw);
    if (!checked) {
      flushSync(() => {
        setSubmitted(true);
        setServerErrors(NO_SERVER_ERRORS);
        setFormError(undefined);
      });
      focusNumber(rows.find((row) => ticketNumberError(row) !== undefined)?.key);
      return;
    }
    if (checked.tickets.length === 0) {
      flushSync(() => setFormError(text.emptyRows));
      focusNumber(rows[0]?.key);
      return;
    }
    // Each number is shown as it is checked: `ab 12 345` becomes AB12345.
    setRows((before) =>
      before.map((row) =>
        isBlank(row)
          ? row
          : { ...row, ticketNumber: normaliseTicketNumber(row.ticketNumber) ?? row.ticketNumber },
      ),
    );
    setServerErrors(NO_SERVER_ERRORS);
    setFormError(undefined);
    setPending(true);
    try {
      const answer = await latest((signal) =>
        shop.call(checkTickets, { body: { drawId: draw.drawId, tickets: checked.tickets }, signal }),
      );
      setOutcome({ draw, results: answer.results, totalInCents: answer.totalInCents });
      setPending(false);
    } catch (error) {
      if (error instanceof ApiError && error.aborted) return;
      const mapped = serverErrorsByRow(error instanceof ApiError ? error.fieldErrors : {}, checked.rowKeys);
      const firstRowKey = rows.find((row) => mapped.byRow[row.key] !== undefined)?.key;
      const matched = firstRowKey !== undefined || mapped.drawId !== undefined;
      flushSync(() => {
        setPending(false);
        setOutcome(undefined);
        setServerErrors(mapped);
        // A field error says it all; anything else (or nothing) gets the call's Dutch message.
        if (!matched || mapped.unmatched.length > 0)
          setFormError(mapped.unmatched[0] ?? (error instanceof ApiError ? error.message : general.generic));
      });
      if (mapped.drawId !== undefined) document.getElementById(`${id}-draw`)?.focus();
      else focusNumber(firstRowKey);
    }
  };

  return (
    <form className="ticket-checker__form" aria-labelledby={labelledBy} onSubmit={onSubmit} noValidate>
      <p className="ticket-checker__intro">{text.intro}</p>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}

      <div className="form-field">
        <label htmlFor={`${id}-draw`}>{text.drawLabel}</label>
        <select
          id={`${id}-draw`}
          name="drawId"
          value={draw.drawId}
          onChange={(event) => {
            setDrawId(Number(event.currentTarget.value));
            setServerErrors((before) => ({ ...before, drawId: undefined }));
            setFormError(undefined);
          }}
          aria-invalid={drawError ? true : undefined}
          aria-describedby={drawError ? `${id}-draw-error` : undefined}
        >
          {draws.map((option) => (
            <option key={option.drawId} value={option.drawId}>
              {option.name}
            </option>
          ))}
        </select>
        {drawError ? (
          <p id={`${id}-draw-error`} className="form-field__error">
            {drawError}
          </p>
        ) : null}
      </div>

      <ol className="ticket-checker__rows">
        {rows.map((row, index) => {
          const position = index + 1;
          const error = rowError(row);
          const inputId = numberId(row.key);
          const describedBy = error
            ? [`${inputId}-error`, error === ticketNumberMessages.invalid ? `${inputId}-hint` : ""]
                .filter(Boolean)
                .join(" ")
            : undefined;
          return (
            <li key={row.key} className="ticket-checker__row">
              <div className="form-field ticket-checker__number">
                <label htmlFor={inputId}>{text.ticketNumberLabel(position)}</label>
                <input
                  id={inputId}
                  name={`tickets.${index}.ticketNumber`}
                  type="text"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={40}
                  value={row.ticketNumber}
                  onChange={(event) => updateRow(row.key, { ticketNumber: event.currentTarget.value })}
                  onBlur={() => {
                    setTouched((before) => new Set(before).add(row.key));
                    const normalised = normaliseTicketNumber(row.ticketNumber);
                    if (normalised && normalised !== row.ticketNumber)
                      setRows((before) =>
                        before.map((other) =>
                          other.key === row.key ? { ...other, ticketNumber: normalised } : other,
                        ),
                      );
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                />
                {error ? (
                  <>
                    <p id={`${inputId}-error`} className="form-field__error">
                      {error}
                    </p>
                    {error === ticketNumberMessages.invalid ? (
                      <p id={`${inputId}-hint`} className="form-field__hint">
                        {ticketNumberMessages.hint}
                      </p>
                    ) : null}
                  </>
                ) : null}
              </div>
              {fractions.length > 1 ? (
                <div className="form-field">
                  <label htmlFor={`${inputId}-fraction`}>
                    {text.fractionLabel} <span className="visually-hidden">{text.ofRow(position)}</span>
                  </label>
                  <select
                    id={`${inputId}-fraction`}
                    name={`tickets.${index}.fraction`}
                    value={rowFraction(row, draw)}
                    onChange={(event) =>
                      updateRow(row.key, {
                        fraction:
                          fractions.find((fraction) => fraction === event.currentTarget.value) ?? "WHOLE",
                      })
                    }
                  >
                    {fractions.map((fraction) => (
                      <option key={fraction} value={fraction}>
                        {text.fractionOptions[fraction]}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              {xl ? (
                <div className="form-field form-field--checkbox ticket-checker__xl">
                  <input
                    type="checkbox"
                    id={`${inputId}-xl`}
                    name={`tickets.${index}.withXl`}
                    checked={row.withXl}
                    onChange={(event) => updateRow(row.key, { withXl: event.currentTarget.checked })}
                  />
                  <label htmlFor={`${inputId}-xl`}>
                    {text.xlLabel} <span className="visually-hidden">{text.ofRow(position)}</span>
                  </label>
                </div>
              ) : null}
              {rows.length > 1 ? (
                <button
                  type="button"
                  className="link-button ticket-checker__remove"
                  onClick={() => removeRow(index)}
                >
                  {text.removeRow(position)}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>

      <div className="portal-form__actions">
        {rows.length < MAX_ROWS ? (
          <button type="button" className="button button--secondary" onClick={addRow}>
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

/** Per number: no prize, or its prizes (after its fraction) with the whole-ticket amount; then the total. */
function CheckOutcome({ outcome, headingLevel }: { outcome: Outcome; headingLevel: HeadingLevel }) {
  const classic = outcome.draw.gameType === "KROON";
  return (
    <>
      <Heading level={headingLevel}>{text.resultsTitle(outcome.draw.name)}</Heading>
      <ul className="ticket-checker__results">
        {outcome.results.map((ticket, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: an answer never reorders, and a number may be checked twice (whole and as a fifth).
            key={`${ticket.ticketNumber}-${index}`}
          >
            <p>
              <span className="ticket-number">{ticket.ticketNumber}</span>
              {classic ? (
                <span className="muted">
                  {" "}
                  (
                  {[text.ticketFraction[ticket.fraction], ticket.withXl ? text.withXl : undefined]
                    .filter(Boolean)
                    .join(", ")}
                  )
                </span>
              ) : null}
            </p>
            {ticket.prizes.length === 0 ? (
              <p>{text.noPrize}</p>
            ) : (
              <>
                <ul className="ticket-checker__prizes">
                  {ticket.prizes.map((prize) => (
                    <li key={prize.category}>
                      {text.prizeCategories[prize.category]}: {formatEuroCents(prize.amountInCents)}
                      {prize.amountInCents === prize.wholeAmountInCents
                        ? null
                        : ` (${text.wholeAmount(formatEuroCents(prize.wholeAmountInCents))})`}
                    </li>
                  ))}
                </ul>
                {ticket.prizes.length > 1 ? (
                  <p>{text.ticketTotal(formatEuroCents(ticket.totalInCents))}</p>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="ticket-checker__total">{text.total(formatEuroCents(outcome.totalInCents))}</p>
    </>
  );
}
