import { z } from "zod";
import type { OrderHistoryQuery } from "@/src/contract/order-history";
import {
  HISTORY_GROUP_NAMES,
  HISTORY_MAX_PAGE,
  type HistoryOutcome,
} from "@/src/domain/order-history/history";

/** The page's own query words (Dutch, as the address shows them) and the API's outcome for each. */
export const OUTCOME_WORDS = {
  open: "open",
  afgerond: "completed",
  mislukt: "unsuccessful",
} as const satisfies Record<string, HistoryOutcome>;
export type OutcomeWord = keyof typeof OUTCOME_WORDS;

/** `?soort=loten&status=mislukt&pagina=2`: anything the page does not know falls back to everything, page 1. */
const PageQuerySchema = z.object({
  soort: z.enum(HISTORY_GROUP_NAMES).optional().catch(undefined),
  status: z
    .enum(Object.keys(OUTCOME_WORDS) as [OutcomeWord, ...OutcomeWord[]])
    .optional()
    .catch(undefined),
  pagina: z.coerce.number().int().min(1).max(HISTORY_MAX_PAGE).catch(1).default(1),
});
export type HistoryPageQuery = z.infer<typeof PageQuerySchema>;

export function historyPageQuery(search: URLSearchParams): HistoryPageQuery {
  return PageQuerySchema.parse(Object.fromEntries(search));
}

/** The API's query for the page's. */
export function apiQuery(query: HistoryPageQuery): OrderHistoryQuery {
  return {
    page: query.pagina,
    ...(query.soort ? { group: query.soort } : {}),
    ...(query.status ? { outcome: OUTCOME_WORDS[query.status] } : {}),
  };
}

/** The address of another page of the same selection. */
export function historyPageHref(query: HistoryPageQuery, page: number): string {
  const search = new URLSearchParams();
  if (query.soort) search.set("soort", query.soort);
  if (query.status) search.set("status", query.status);
  if (page > 1) search.set("pagina", String(page));
  const text = search.toString();
  return text ? `/mijn/bestellingen?${text}` : "/mijn/bestellingen";
}
