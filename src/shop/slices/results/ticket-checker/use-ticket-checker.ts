import { hashKey, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { EndpointInput } from "@/src/contract/define";
import { checkTickets, type DrawSummary, normaliseTicketNumber } from "@/src/contract/results";
import type { Fraction } from "@/src/domain/tickets/catalogue";
import { general, ticketChecker as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { endpointQueryOptions } from "@/src/shop/client/query-client";
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
  submit: (event: FormEvent<HTMLFormElement>) => void;
};

const emptyRow = (key: number): CheckerRow => ({ key, ticketNumber: "", fraction: "WHOLE", withXl: false });

type CheckerInput = { draws: readonly DrawSummary[]; initialDrawId?: number; answered?: CheckerAnswer };

/** A check asked for: its body and the rows it came from (for the server's row errors). */
type Asked = { body: EndpointInput<typeof checkTickets>["body"]; rowKeys: number[] };

/** The server's messages the player put right since they were given: a changed row, draw or anything. */
type Dismissed = { all: boolean; rows: ReadonlySet<number>; draw: boolean; form: boolean };
const NOTHING_DISMISSED: Dismissed = { all: false, rows: new Set(), draw: false, form: false };

/** The rows as typed, the chosen draw, the check asked for, and what the form and the player cleared. */
function useCheckerState(answered: CheckerAnswer | undefined, initialDrawId: number | undefined) {
  const [drawId, setDrawId] = useState(answered?.draw.drawId ?? initialDrawId);
  const [rows, setRows] = useState<CheckerRow[]>(() =>
    answered && answered.rows.length > 0 ? answered.rows : [emptyRow(0)],
  );
  const nextKey = useRef(Math.max(0, ...rows.map((row) => row.key)) + 1);
  const [touched, setTouched] = useState<ReadonlySet<number>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [asked, setAsked] = useState<Asked>();
  const [dismissed, setDismissed] = useState(NOTHING_DISMISSED);
  /** The form's own alert (no number filled in). */
  const [ownError, setOwnError] = useState<string>();
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
    asked,
    setAsked,
    dismissed,
    setDismissed,
    ownError,
    setOwnError,
  };
}

type CheckerStateHooks = ReturnType<typeof useCheckerState>;

/**
 * The check of the numbers asked for (spec section 7), keyed by its body: a newer check aborts the one
 * in flight. Before any check, the answer of the form posted without JavaScript.
 */
function useCheck(asked: Asked | undefined, answered: CheckerAnswer | undefined) {
  const { shop } = useApiClients();
  const check = useQuery({
    ...endpointQueryOptions(shop, checkTickets, { body: asked?.body }),
    enabled: asked !== undefined,
    throwOnError: false,
  });
  const initial =
    answered?.outcome && !asked ? { drawId: answered.draw.drawId, ...answered.outcome } : undefined;
  const refusal =
    asked && check.isError
      ? serverErrorsByRow(check.error instanceof ApiError ? check.error.fieldErrors : {}, asked.rowKeys)
      : undefined;
  return {
    check,
    answer: asked ? (check.isError ? undefined : check.data) : initial,
    refusal,
    callMessage: check.error instanceof ApiError ? check.error.message : general.generic,
  };
}

type Check = ReturnType<typeof useCheck>;

/** What the server said, less what the player put right since: before any check, the posted form's answer. */
function serverErrorsOf(
  { dismissed, asked }: CheckerStateHooks,
  { refusal, callMessage }: Check,
  answered: CheckerAnswer | undefined,
): { byRow: Record<number, string>; drawId: string | undefined; formError: string | undefined } {
  const said: MappedServerErrors | undefined = asked
    ? refusal
    : answered && { byRow: answered.rowErrors, drawId: answered.drawError, unmatched: [] };
  if (!said || dismissed.all) return { byRow: {}, drawId: undefined, formError: undefined };
  const byRow = Object.fromEntries(
    Object.entries(said.byRow).filter(([key]) => !dismissed.rows.has(Number(key))),
  );
  const formError = asked ? refusedFormError(said, callMessage) : answered?.formError;
  return {
    byRow,
    drawId: dismissed.draw ? undefined : said.drawId,
    formError: dismissed.form ? undefined : formError,
  };
}

/** The submit handler: the form's own check first, then the shop's check of the numbers. */
function submitHandler(
  state: CheckerStateHooks,
  { check }: Check,
  draw: DrawSummary,
  focusNumber: (key: number | undefined) => void,
) {
  const { rows, setRows, setSubmitted, setDismissed, setOwnError } = state;
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = ticketsToCheck(rows, draw);
    if (!checked) {
      flushSync(() => {
        setSubmitted(true);
        setDismissed({ ...NOTHING_DISMISSED, all: true });
        setOwnError(undefined);
      });
      focusNumber(rows.find((row) => ticketNumberError(row) !== undefined)?.key);
      return;
    }
    if (checked.tickets.length === 0) {
      flushSync(() => setOwnError(text.emptyRows));
      focusNumber(rows[0]?.key);
      return;
    }
    setRows(normalisedRows);
    setDismissed(NOTHING_DISMISSED);
    setOwnError(undefined);
    const body = { drawId: draw.drawId, tickets: checked.tickets };
    state.setAsked({ body, rowKeys: checked.rowKeys });
    // The same numbers again: asked again, as a new check would be.
    if (state.asked && hashKey([state.asked.body]) === hashKey([body])) void check.refetch();
  };
}

/** The ways to change the draw and the rows; a change clears what the server said about it. */
function rowActions(state: CheckerStateHooks, focusNumber: (key: number | undefined) => void) {
  const { rows, setRows, setDismissed, setOwnError } = state;
  return {
    chooseDraw: (id: number) => {
      state.setDrawId(id);
      setDismissed((before) => ({ ...before, draw: true, form: true }));
      setOwnError(undefined);
    },
    updateRow: (key: number, change: Partial<CheckerRow>) => {
      setRows((before) => before.map((row) => (row.key === key ? { ...row, ...change } : row)));
      setDismissed((before) => ({ ...before, rows: new Set(before.rows).add(key), form: true }));
      setOwnError(undefined);
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
 * A refused check moves focus to what the server blamed (the draw, else its first row) once its
 * messages are on the screen.
 */
function useFocusOnRefusal(
  { check, refusal }: Check,
  asked: Asked | undefined,
  ids: { drawInputId: string; numberId: (key: number) => string },
) {
  const refusedAt = refusal ? check.errorUpdatedAt : 0;
  const blamedRow = asked?.rowKeys.find((key) => refusal?.byRow[key] !== undefined);
  const target =
    refusal?.drawId !== undefined
      ? ids.drawInputId
      : blamedRow !== undefined
        ? ids.numberId(blamedRow)
        : undefined;
  useEffect(() => {
    if (refusedAt > 0 && target) document.getElementById(target)?.focus();
  }, [refusedAt, target]);
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
  const state = useCheckerState(answered, initialDrawId);
  const { rows, touched, submitted } = state;
  const checked = useCheck(state.asked, answered);
  const serverErrors = serverErrorsOf(state, checked, answered);

  const draw = draws.find((candidate) => candidate.drawId === state.drawId) ?? draws[0]!;
  const drawInputId = `${idPrefix}-draw`;
  const numberId = (key: number) => `${idPrefix}-number-${key}`;
  const focusNumber = (key: number | undefined) => {
    if (key !== undefined) document.getElementById(numberId(key))?.focus();
  };
  useFocusOnRefusal(checked, state.asked, { drawInputId, numberId });
  const { answer } = checked;

  return {
    draw,
    fractions: fractionsFor(draw),
    xl: offersXl(draw),
    rows,
    rowError: (row) =>
      serverErrors.byRow[row.key] ?? (submitted || touched.has(row.key) ? ticketNumberError(row) : undefined),
    drawError: serverErrors.drawId,
    formError: state.ownError ?? serverErrors.formError,
    pending: checked.check.isFetching,
    outcome: answer && {
      draw: draws.find((candidate) => candidate.drawId === answer.drawId) ?? draw,
      results: answer.results,
      totalInCents: answer.totalInCents,
    },
    numberId,
    drawInputId,
    ...rowActions(state, focusNumber),
    submit: submitHandler(state, checked, draw, focusNumber),
  };
}
