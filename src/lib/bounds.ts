/**
 * What the database's integer columns hold (src/backend/db/schema/), for the schemas that check what callers
 * send: a number past a column's range makes PostgreSQL fail the query ("value out of range"), which a
 * caller must never be able to cause. Domains with a smaller limit (draw ids, quantities) use their own.
 */

/** The largest PostgreSQL `integer` (int4): ids, counts, multipliers and amounts in cents of one order. */
export const INT4_MAX = 2_147_483_647;
