import { z } from "zod";
import { MAX_DRAW_ID } from "@/src/domain/tickets/kinds/ticket-kind";
import { INT4_MAX } from "@/src/lib/bounds";

/**
 * Building blocks for the numbers of the contract (DESIGN section 8): every integer a caller sends has an
 * upper bound, what its database column holds (src/lib/bounds.ts) or the domain's smaller limit, so an
 * out-of-range number is a 400 naming its field rather than a failed query. (Strings are checked for all
 * endpoints at once by the router's text rule.) zod's `int()` already stays within ±2^53−1, which a
 * PostgreSQL `bigint` holds: amounts that may pass 2^31 cents (jackpots, prizes) are bounded by that.
 */

/** An integer from `min` to `max` (an int4 column's largest by default), all with the same message. */
export function boundedInt(min: number, max: number = INT4_MAX, message?: string) {
  const error = message === undefined ? undefined : { error: message };
  return z.number(error).int(error).min(min, error).max(max, error);
}

/** A draw id in a body: positive and at most the largest draw id the shop uses (its basket cookie's too). */
export function drawIdField(message?: string) {
  return boundedInt(1, MAX_DRAW_ID, message);
}

/** A draw id in a path or a query string: the text of a number in the same range. */
export const drawIdParam = z.coerce.number().int().positive().max(MAX_DRAW_ID);

/** An amount in cents the API answers with; jackpots and prizes can pass int4, so bigint's safe part. */
export const cents = z.number().int().nonnegative();
