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
