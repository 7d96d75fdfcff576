/**
 * What of a failed query may be told to a log (DESIGN section 8; issue 13, private logs). The drivers'
 * errors quote the data of the query: drizzle's `DrizzleQueryError` carries its parameters (in `params`,
 * and in its message and stack), PostgreSQL's error (from `pg` and from PGlite alike) its `detail`
 * (`Key (email)=(...)`, `Failing row contains (...)`), `where` and `internalQuery`, and PGlite adds the
 * parameters again. Password hashes, e-mail addresses, IBANs and dates of birth are such parameters. What
 * stays says what went wrong without whose data it was: the SQL text (values as `$1`, `$2`), the SQLSTATE
 * code, and the names of the constraint, table and column.
 */

/** The fields of a PostgreSQL error that name things and never quote values. */
const NAMING_FIELDS = ["code", "severity", "constraint", "table", "column", "schema", "dataType", "routine"];

export type SafeDatabaseError = {
  type: string;
  message: string;
  /** The parameterised SQL text of a drizzle query. */
  query?: string;
} & Partial<Record<(typeof NAMING_FIELDS)[number], string>>;

type Inspectable = Record<string, unknown> & { message?: unknown; constructor?: { name?: unknown } };

function inspectable(error: unknown): Inspectable | undefined {
  return typeof error === "object" && error !== null ? (error as Inspectable) : undefined;
}

/** drizzle's wrapper of a failed query: `Failed query: <sql>\nparams: <values>`. */
export function isQueryError(error: unknown): boolean {
  const candidate = inspectable(error);
  return (
    candidate?.constructor?.name === "DrizzleQueryError" ||
    (typeof candidate?.query === "string" && Array.isArray(candidate.params))
  );
}

/** An error reported by PostgreSQL itself (`pg` or PGlite): a severity and a five-character SQLSTATE. */
export function isPostgresError(error: unknown): boolean {
  const candidate = inspectable(error);
  return (
    typeof candidate?.severity === "string" &&
    typeof candidate.code === "string" &&
    /^[0-9A-Z]{5}$/.test(candidate.code)
  );
}

export function isDatabaseError(error: unknown): boolean {
  return isQueryError(error) || isPostgresError(error);
}

/** Words after which PostgreSQL quotes a name (`constraint "players_email_unique"`), not a value. */
const NAME_BEFORE_QUOTE =
  /(?:constraint|relation|column|table|index|type|encoding|function|schema|database|role|sequence|trigger|view|extension|operator|collation|domain|savepoint|cursor|statement|channel)\s$/i;
const QUOTED = /"(?:[^"]|"")*"/g;

/**
 * PostgreSQL's message with the values it quotes taken out: `invalid input syntax for type uuid: "..."`,
 * `value "..." is out of range for type integer`, `date/time field value out of range: "..."`. The names it
 * quotes (constraints, relations, columns, encodings) stay.
 */
export function withoutQuotedValues(message: string): string {
  return message.replace(QUOTED, (quoted, offset: number) =>
    NAME_BEFORE_QUOTE.test(message.slice(Math.max(0, offset - 12), offset)) ? quoted : '"[Redacted]"',
  );
}

/** A database error as it may be logged, or undefined for any other error. */
export function safeDatabaseError(error: unknown): SafeDatabaseError | undefined {
  const candidate = inspectable(error);
  if (!candidate) return undefined;
  const type = typeof candidate.constructor?.name === "string" ? candidate.constructor.name : "Error";
  const query = typeof candidate.query === "string" ? { query: candidate.query } : {};
  if (isPostgresError(error)) {
    // PGlite's error carries the query and its parameters too; only the SQL text stays.
    const safe: SafeDatabaseError = {
      type,
      message: withoutQuotedValues(String(candidate.message ?? "")),
      ...query,
    };
    for (const field of NAMING_FIELDS) {
      const value = candidate[field];
      if (typeof value === "string") safe[field] = value;
    }
    return safe;
  }
  if (isQueryError(error)) return { type, message: `Failed query: ${String(candidate.query)}`, ...query };
  return undefined;
}

/**
 * SQLSTATEs of a database that cannot answer now but may soon: connection exceptions (class 08),
 * insufficient resources (53), a server shutting down or starting (57P01-57P03), a cancelled statement
 * (57014, a statement timeout), serialization failures and deadlocks (40001, 40P01), a lock not available
 * (55P03).
 */
const TEMPORARY_SQLSTATE = /^(?:08|53|57P0[1-3]$|57014$|40001$|40P01$|55P03$)/;
/** Node's errors of a connection that could not be made or was lost. */
const TEMPORARY_NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/** What `pg`, its pool and PGlite throw when the database is gone, closing or unreachable. */
const TEMPORARY_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|is not queryable|PGlite is clos(?:ed|ing)/i;

function isTemporaryLink(error: unknown): boolean {
  const candidate = inspectable(error);
  if (!candidate) return false;
  if (isPostgresError(error)) return TEMPORARY_SQLSTATE.test(String(candidate.code));
  if (typeof candidate.code === "string" && TEMPORARY_NETWORK_CODES.has(candidate.code)) return true;
  return typeof candidate.message === "string" && TEMPORARY_MESSAGE.test(candidate.message);
}

/**
 * Whether a failed query failed because the database could not answer now (unreachable, restarting,
 * closed, overloaded), so the same request may succeed later; false for a query the database refused
 * (a constraint, a bad value), which fails again however often it is tried. Looks through the causes
 * (drizzle wraps the driver's error) and the errors of an `AggregateError` (one per address tried).
 */
export function isTemporaryDatabaseError(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const current = pending.shift();
    if (isTemporaryLink(current)) return true;
    const candidate = inspectable(current);
    if (candidate?.cause) pending.push(candidate.cause);
    if (Array.isArray(candidate?.errors)) pending.push(...candidate.errors);
  }
  return false;
}

/** The constraint (or, failing that, the detail) of a unique violation anywhere in the error's causes. */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown };
    if (candidate.code === "23505") {
      return [candidate.constraint, candidate.detail].filter((part) => typeof part === "string").join(" ");
    }
    current = candidate.cause;
  }
  return undefined;
}
