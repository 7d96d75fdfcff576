import { type CheckedTicket, type DrawSummary, normaliseTicketNumber } from "@/src/contract/results";
import {
  FRACTIONS,
  FRACTIONS_BY_DRAW_KIND,
  type Fraction,
  isClassicDrawKind,
} from "@/src/domain/tickets/catalogue";
import { ticketNumber as ticketNumberMessages } from "@/src/lib/messages";

/** The API checks at most this many numbers in one call (spec section 7, POST /api/ticket-checker/check). */
export const MAX_ROWS = 10;

/** One ticket number the player types, with its fraction and XL choice; `key` survives removing rows. */
export type CheckerRow = { key: number; ticketNumber: string; fraction: Fraction; withXl: boolean };

export type TicketToCheck = { ticketNumber: string; fraction: Fraction; withXl: boolean };

/** The fractions tickets of a draw were sold as: the million game whole only, the year-end draw whole or half. */
export function fractionsFor(draw: DrawSummary): readonly Fraction[] {
  return draw.gameType === "KROON" && isClassicDrawKind(draw.kind)
    ? FRACTIONS_BY_DRAW_KIND[draw.kind]
    : ["WHOLE"];
}

/** XL is an add-on of the classic lottery only. */
export function offersXl(draw: DrawSummary): boolean {
  return draw.gameType === "KROON";
}

/** The fraction a row is checked as for this draw: a choice the draw never sold falls back to whole. */
export function rowFraction(row: CheckerRow, draw: DrawSummary): Fraction {
  return fractionsFor(draw).includes(row.fraction) ? row.fraction : "WHOLE";
}

export function isBlank(row: CheckerRow): boolean {
  return row.ticketNumber.trim() === "";
}

/** Spec section 5: a filled-in number that is not 2 letters and 5 digits once whitespace is gone. */
export function ticketNumberError(row: CheckerRow): string | undefined {
  return isBlank(row) || normaliseTicketNumber(row.ticketNumber)
    ? undefined
    : ticketNumberMessages.invalidForPlayers;
}

/**
 * The request body's tickets, from the filled-in rows only (blank rows are skipped), with the key of the
 * row each came from so the server's `tickets.{index}.…` errors find their row again. Undefined when a
 * filled-in number is not valid.
 */
export function ticketsToCheck(
  rows: readonly CheckerRow[],
  draw: DrawSummary,
): { tickets: TicketToCheck[]; rowKeys: number[] } | undefined {
  const tickets: TicketToCheck[] = [];
  const rowKeys: number[] = [];
  for (const row of rows) {
    if (isBlank(row)) continue;
    const ticketNumber = normaliseTicketNumber(row.ticketNumber);
    if (!ticketNumber) return undefined;
    tickets.push({
      ticketNumber,
      fraction: rowFraction(row, draw),
      withXl: offersXl(draw) && row.withXl,
    });
    rowKeys.push(row.key);
  }
  return { tickets, rowKeys };
}

export type MappedServerErrors = {
  /** Row key -> the first message for that row. */
  byRow: Record<number, string>;
  drawId?: string;
  /** Messages that belong to no input (e.g. on `tickets` as a whole). */
  unmatched: string[];
};

const ROW_ERROR_KEY = /^tickets\.(\d+)(?:\.\w+)?$/;

/** Maps the problem details' field errors (`tickets.0.ticketNumber`, `drawId`, …) to rows and the draw. */
export function serverErrorsByRow(
  fieldErrors: Readonly<Record<string, readonly string[]>>,
  rowKeys: readonly number[],
): MappedServerErrors {
  const mapped: MappedServerErrors = { byRow: {}, unmatched: [] };
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const [message] = messages;
    if (message === undefined) continue;
    const rowKey = rowKeys[Number(ROW_ERROR_KEY.exec(field)?.[1] ?? Number.NaN)];
    if (rowKey !== undefined) mapped.byRow[rowKey] ??= message;
    else if (field === "drawId") mapped.drawId ??= message;
    else mapped.unmatched.push(message);
  }
  return mapped;
}

/**
 * The alert of a refused check: none when the field errors said it all at their inputs, otherwise the
 * first message no input shows, or else `callMessage` (the call's own Dutch text).
 */
export function refusedFormError(mapped: MappedServerErrors, callMessage: string): string | undefined {
  const matched = Object.keys(mapped.byRow).length > 0 || mapped.drawId !== undefined;
  return !matched || mapped.unmatched.length > 0 ? (mapped.unmatched[0] ?? callMessage) : undefined;
}

/** The rows as a check shows them: each filled-in number as it is checked (`ab 12 345` is AB12345). */
export function normalisedRows(rows: readonly CheckerRow[]): CheckerRow[] {
  return rows.map((row) => ({
    ...row,
    ticketNumber: normaliseTicketNumber(row.ticketNumber) ?? row.ticketNumber,
  }));
}

/**
 * The checkable draws with `draw` among them: a draw older than the checker's window can still be
 * checked from its own page (or stay chosen after a check posted from there), first in the list.
 */
export function withCheckedDraw(draws: readonly DrawSummary[], draw: DrawSummary): readonly DrawSummary[] {
  return draws.some((candidate) => candidate.drawId === draw.drawId) ? draws : [draw, ...draws];
}

/** Where the ticket checker posts without JavaScript (`routes/ticket-check.tsx`). */
export const TICKET_CHECK_ACTION = "/trekkingsuitslag/controleren";

/**
 * The checker's form as the server's action answered a post without JavaScript: the draw and rows as the
 * player filled them in (numbers normalised once checked), the messages by row key and for the draw and
 * the form, and the outcome of a check that went through.
 */
export type CheckerAnswer = {
  draw: DrawSummary;
  rows: CheckerRow[];
  rowErrors: Record<number, string>;
  drawError?: string;
  formError?: string;
  outcome?: { results: CheckedTicket[]; totalInCents: number };
};

/**
 * The rows a checker's form post sends (`tickets.{index}.ticketNumber`, `.fraction`, `.withXl`), at
 * most `MAX_ROWS`, each keyed by its index. A row's text is cut at the input's own limit.
 */
export function rowsFromForm(form: URLSearchParams): CheckerRow[] {
  const rows: CheckerRow[] = [];
  for (let index = 0; index < MAX_ROWS; index++) {
    const ticketNumber = form.get(`tickets.${index}.ticketNumber`);
    if (ticketNumber === null) break;
    const fraction = form.get(`tickets.${index}.fraction`);
    rows.push({
      key: index,
      ticketNumber: ticketNumber.slice(0, 40),
      fraction: FRACTIONS.find((option) => option === fraction) ?? "WHOLE",
      withXl: form.has(`tickets.${index}.withXl`),
    });
  }
  return rows;
}
