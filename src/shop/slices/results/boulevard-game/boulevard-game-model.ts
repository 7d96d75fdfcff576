import type { DrawSummary } from "@/src/contract/results";
import {
  boulevardIdOf,
  isBoulevardId,
  isKnownBoulevard,
  normaliseBoulevardId,
  parseShares,
  SHARES_OF_FRACTION,
} from "@/src/domain/results/boulevard";
import type { Fraction } from "@/src/domain/tickets/catalogue";
import { resultsMessages, boulevardGame as text } from "@/src/lib/messages";

/**
 * The boulevard game's form and answer (spec sections 5 and 7): a boulevard id and the shares its prize
 * is split into, asked with a GET so the answer's address holds the query (shared, bookmarked, Back).
 */

/** Where the form sends its query: the result page, rendered on the server. */
export const BOULEVARD_GAME_PATH = "/boulevardspel/uitslag";
/** The query's names: Dutch, as the address is the player's. */
export const BOULEVARD_QUERY = { boulevardId: "boulevard", shares: "delen" } as const;
/** A whole boulevard: the shares when the address names none. */
export const DEFAULT_SHARES = "1";
/** What the fields take (the API's bound on an id is 20, on shares 10): more is cut, never sent. */
const FIELD_LENGTH = { boulevardId: 20, shares: 10 } as const;

/** The form's fields as the player typed them. */
export type BoulevardQuery = { boulevardId: string; shares: string };
export type BoulevardFieldErrors = Partial<Record<keyof BoulevardQuery, string>>;

/** The winning numbers of a boulevard in a draw, and its 100 numbers. */
export type BoulevardOutcome = {
  boulevardId: string;
  shares: number;
  draw: DrawSummary;
  numbers: string[];
  prizes: Array<{ ticketNumber: string; amountInCents: number }>;
  totalInCents: number;
  perShareInCents: number;
};

/**
 * What the result page shows: the empty form (nothing asked yet), the query with its messages (per field,
 * or for the form when no field is to blame), or the query with its outcome.
 */
export type BoulevardGameAnswer =
  | { query?: undefined }
  | { query: BoulevardQuery; errors: BoulevardFieldErrors; formError?: string }
  | { query: BoulevardQuery; outcome: BoulevardOutcome };

/** The query of an address; none when it names no boulevard at all (the page then only asks). */
export function boulevardQueryOf(params: URLSearchParams): BoulevardQuery | undefined {
  const boulevardId = params.get(BOULEVARD_QUERY.boulevardId);
  if (boulevardId === null) return undefined;
  const shares = params.get(BOULEVARD_QUERY.shares) ?? DEFAULT_SHARES;
  return {
    boulevardId: boulevardId.slice(0, FIELD_LENGTH.boulevardId),
    shares: shares.slice(0, FIELD_LENGTH.shares),
  };
}

/** The result page's address for a boulevard and its shares (the link from /mijn/loten). */
export function boulevardGameHref(query: BoulevardQuery): string {
  const params = new URLSearchParams({
    [BOULEVARD_QUERY.boulevardId]: query.boulevardId,
    [BOULEVARD_QUERY.shares]: query.shares,
  });
  return `${BOULEVARD_GAME_PATH}?${params}`;
}

/**
 * The query checked by the rules the API applies (domain/results/boulevard), each refusal in the
 * player's words at its field: the id (missing, not 2 letters and 3 digits, letters no ticket has) and
 * the shares (missing, not a whole number from 1 to 100).
 */
export function checkBoulevardQuery(
  query: BoulevardQuery,
): { boulevardId: string; shares: number } | { errors: BoulevardFieldErrors } {
  const boulevardId = normaliseBoulevardId(query.boulevardId);
  const shares = parseShares(query.shares);
  const errors: BoulevardFieldErrors = {};
  if (boulevardId === "") errors.boulevardId = text.idMissing;
  else if (!isBoulevardId(boulevardId)) errors.boulevardId = resultsMessages.boulevardIdInvalid;
  else if (!isKnownBoulevard(boulevardId)) errors.boulevardId = resultsMessages.boulevardUnknown;
  if (query.shares.trim() === "") errors.shares = text.sharesMissing;
  else if (shares === undefined) errors.shares = resultsMessages.sharesInvalid;
  return shares === undefined || Object.keys(errors).length > 0 ? { errors } : { boulevardId, shares };
}

/**
 * The API's refusal at the form's fields: its own (`boulevardId`, `shares`) or its contract's bounds
 * (`params.boulevardId`, `query.shares`). Already in the player's words: the client maps the spec's
 * English texts.
 */
export function fieldErrorsOf(fieldErrors: Record<string, string[]>): BoulevardFieldErrors {
  const first = (...keys: string[]) => keys.map((key) => fieldErrors[key]?.[0]).find(Boolean);
  const errors: BoulevardFieldErrors = {};
  const boulevardId = first("boulevardId", "params.boulevardId");
  const shares = first("shares", "query.shares");
  if (boulevardId) errors.boulevardId = boulevardId;
  if (shares) errors.shares = shares;
  return errors;
}

/**
 * The boulevards among a player's tickets of one draw (a boulevard's 100 numbers are 100 tickets), each
 * once, with the shares its fraction is: the queries of the links from /mijn/loten.
 */
export function boulevardsAmong(
  tickets: ReadonlyArray<{ number: string; productType: string; fraction: Fraction }>,
): BoulevardQuery[] {
  const boulevards = new Map<string, BoulevardQuery>();
  for (const ticket of tickets) {
    if (ticket.productType !== "Boulevard") continue;
    const boulevardId = boulevardIdOf(ticket.number);
    if (!boulevards.has(boulevardId))
      boulevards.set(boulevardId, { boulevardId, shares: String(SHARES_OF_FRACTION[ticket.fraction]) });
  }
  return [...boulevards.values()];
}
