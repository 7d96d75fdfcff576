import { type FormEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { checkTickets, type DrawSummary, normaliseTicketNumber } from "@/src/contract/results";
import type { Fraction } from "@/src/domain/tickets/catalogue";
import { general, ticketChecker as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import type { ApiClient } from "@/src/shop/client/http-client";
import { createLatestOnly, type LatestOnly } from "@/src/shop/client/latest-only";
import { useApiClients } from "@/src/shop/components/api-context";
import type { Outcome } from "./check-outcome";
import {
  type CheckerAnswer,
  type CheckerRow,
  fractionsFor,
  type MappedServerErrors,
  normalisedRows,
  offersXl,
  refusedFormError,
  serverErrorsByRow,
  ticketNumberError,
  ticketsToCheck,
} from "./ticket-checker-model";

/** The rows, the draw they are checked against, the last answer, and the ways to change and submit them. */
export type TicketCheckerState = {
  draw: DrawSummary;
  /** The fractions the draw's tickets were sold as; a choice only when there is more than one. */
  fractions: readonly Fraction[];
  /** Whether the draw had the XL add-on. */
  xl: boolean;
  rows: readonly CheckerRow[];
  /** A row's message: the server's, or the form's own check once the row was left or submitted. */
  rowError: (row: CheckerRow) => string | undefined;
  drawError: string | undefined;
  /** The alert for what no input can show. */
  formError: string | undefined;
  pending: boolean;
  outcome: Outcome | undefined;
  /** The id of a row's ticket-number input, which focus moves to. */
  numberId: (key: number) => string;
  /** The id of the draw's select, which focus moves to when the server blames the draw. */
  drawInputId: string;
  chooseDraw: (drawId: number) => void;
  updateRow: (key: number, change: Partial<CheckerRow>) => void;
  /** The player left a row's number: its check shows from now on, and it is shown as it will be checked. */
  leaveRow: (row: CheckerRow) => void;
  addRow: () => void;
  removeRow: (index: number) => void;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
};

const NO_SERVER_ERRORS: MappedServerErrors = { byRow: {}, unmatched: [] };

const emptyRow = (key: number): CheckerRow => ({ key, ticketNumber: "", fraction: "WHOLE", withXl: false });

type CheckerInput = { draws: readonly DrawSummary[]; initialDrawId?: number; answered?: CheckerAnswer };

/** The rows as typed, the chosen draw, and what the form and the server last said about them. */
function useCheckerState(answered: CheckerAnswer | undefined, initialDrawId: number | undefined) {
  const [drawId, setDrawId] = useState(answered?.draw.drawId ?? initialDrawId);
  const [rows, setRows] = useState<CheckerRow[]>(() =>
    answered && answered.rows.length > 0 ? answered.rows : [emptyRow(0)],
  );
  const nextKey = useRef(Math.max(0, ...rows.map((row) => row.key)) + 1);
  const [touched, setTouched] = useState<ReadonlySet<number>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<MappedServerErrors>(() =>
    answered ? { byRow: answered.rowErrors, drawId: answered.drawError, unmatched: [] } : NO_SERVER_ERRORS,
  );
  const [formError, setFormError] = useState<string | undefined>(answered?.formError);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>(() =>
    answered?.outcome ? { draw: answered.draw, ...answered.outcome } : undefined,
  );
  return {
    drawId,
    setDrawId,
    rows,
    setRows,
    nextKey,
    touched,
    setTouched,
    submitted,
    setSubmitted,
    serverErrors,
    setServerErrors,
    formError,
    setFormError,
    pending,
    setPending,
    outcome,
    setOutcome,
  };
}

type CheckerStateHooks = ReturnType<typeof useCheckerState>;

type SubmitContext = {
  state: CheckerStateHooks;
  draw: DrawSummary;
  shop: ApiClient;
  latest: LatestOnly;
  drawInputId: string;
  focusNumber: (key: number | undefined) => void;
};

/** The submit handler: the form's own check first, then the shop's check of the numbers. */
function submitHandler({ state, draw, shop, latest, drawInputId, focusNumber }: SubmitContext) {
  const { rows, setRows, setSubmitted, setServerErrors, setFormError, setPending, setOutcome } = state;
  return async (event: FormEvent<HTMLFormElement>) => {
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
    setRows(normalisedRows);
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
      flushSync(() => {
        setPending(false);
        setOutcome(undefined);
        setServerErrors(mapped);
        setFormError(refusedFormError(mapped, error instanceof ApiError ? error.message : general.generic));
      });
      if (mapped.drawId !== undefined) document.getElementById(drawInputId)?.focus();
      else focusNumber(rows.find((row) => mapped.byRow[row.key] !== undefined)?.key);
    }
  };
}

/** The ways to change the draw and the rows; a change clears what the server said about it. */
function rowActions(state: CheckerStateHooks, focusNumber: (key: number | undefined) => void) {
  const { rows, setRows, setServerErrors, setFormError } = state;
  return {
    chooseDraw: (id: number) => {
      state.setDrawId(id);
      setServerErrors((before) => ({ ...before, drawId: undefined }));
      setFormError(undefined);
    },
    updateRow: (key: number, change: Partial<CheckerRow>) => {
      setRows((before) => before.map((row) => (row.key === key ? { ...row, ...change } : row)));
      if (state.serverErrors.byRow[key] !== undefined) {
        setServerErrors((before) => {
          const { [key]: _stale, ...byRow } = before.byRow;
          return { ...before, byRow };
        });
      }
      setFormError(undefined);
    },
    leaveRow: (row: CheckerRow) => {
      state.setTouched((before) => new Set(before).add(row.key));
      const normalised = normaliseTicketNumber(row.ticketNumber);
      if (normalised && normalised !== row.ticketNumber)
        setRows((before) =>
          before.map((other) => (other.key === row.key ? { ...other, ticketNumber: normalised } : other)),
        );
    },
    addRow: () => {
      const key = state.nextKey.current++;
      flushSync(() => setRows((before) => [...before, emptyRow(key)]));
      focusNumber(key);
    },
    removeRow: (index: number) => {
      const remaining = rows.filter((_, position) => position !== index);
      flushSync(() => setRows(remaining));
      // Focus stays in the list: on the row that took this one's place, or the new last row.
      focusNumber(remaining[Math.min(index, remaining.length - 1)]?.key);
    },
  };
}

/**
 * The ticket checker's state and its check call (spec sections 5 and 7): up to 10 numbers, checked
 * against one draw; a newer check cancels the one still in flight. `idPrefix` names the inputs.
 * `answered` is the server's answer to the form posted without JavaScript, which the checker starts from.
 */
export function useTicketChecker(
  { draws, initialDrawId, answered }: CheckerInput,
  idPrefix: string,
): TicketCheckerState {
  const { shop } = useApiClients();
  // A newer check cancels the one still in flight, so a slow old answer never replaces a newer one.
  const [latest] = useState(createLatestOnly);
  useEffect(() => () => latest.cancel(), [latest]);
  const state = useCheckerState(answered, initialDrawId);
  const { rows, touched, submitted, serverErrors } = state;

  const draw = draws.find((candidate) => candidate.drawId === state.drawId) ?? draws[0]!;
  const drawInputId = `${idPrefix}-draw`;
  const numberId = (key: number) => `${idPrefix}-number-${key}`;
  const focusNumber = (key: number | undefined) => {
    if (key !== undefined) document.getElementById(numberId(key))?.focus();
  };

  return {
    draw,
    fractions: fractionsFor(draw),
    xl: offersXl(draw),
    rows,
    rowError: (row) =>
      serverErrors.byRow[row.key] ?? (submitted || touched.has(row.key) ? ticketNumberError(row) : undefined),
    drawError: serverErrors.drawId,
    formError: state.formError,
    pending: state.pending,
    outcome: state.outcome,
    numberId,
    drawInputId,
    ...rowActions(state, focusNumber),
    submit: submitHandler({ state, draw, shop, latest, drawInputId, focusNumber }),
  };
}
