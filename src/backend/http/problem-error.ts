import type { Logger } from "pino";
import { isDatabaseError, isTemporaryDatabaseError } from "@/src/backend/db/database-errors";
import { type ProblemDetails, problem } from "@/src/contract/problem";
import { DomainError } from "@/src/domain/domain-error";
import { domainErrorStatus, refusalFields } from "./domain-error-status";

/** Thrown by handlers for an HTTP outcome; the router turns it into problem details. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly extra: Partial<Omit<ProblemDetails, "status">> = {},
  ) {
    super(extra.code ?? `HTTP ${status}`);
    this.name = "HttpProblem";
  }
}

/** Seconds a caller waits before trying again while the database is restarting or out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The problem details an error is answered with, over HTTP and in-process alike: its own for an
 * HttpProblem; its code, detail and fields at the table's status for a feature's refusal (DomainError);
 * 503 for a database that is restarting or out of reach, a temporary state and no fault of the call (a 503
 * tells a caller and a load balancer to come back, where a 500 says it never will work); a bare 500
 * otherwise.
 */
export function problemDetails(error: unknown): ProblemDetails {
  if (error instanceof HttpProblem) return problem(error.status, error.extra);
  if (error instanceof DomainError) return problem(domainErrorStatus(error), refusalFields(error));
  return isTemporaryDatabaseError(error) ? problem(503) : problem(500);
}

/**
 * Logs a failure that is not the call's fault: a warning while the database is away, an error otherwise. A
 * refusal (HttpProblem, DomainError) is an answer, not a failure, even at 503.
 */
export function logApiFailure(
  log: Logger,
  error: unknown,
  details: ProblemDetails,
  fields: Record<string, unknown> = {},
): void {
  if (error instanceof HttpProblem || error instanceof DomainError || details.status < 500) return;
  if (details.status === 503) log.warn({ err: error, ...fields }, "API call deferred: database unavailable");
  else log.error({ err: error, ...fields }, "API handler failed");
}

/** The kind of database failure an API call ended with, for the metrics (decision 23); undefined for none. */
export function databaseFailure(error: unknown): "unavailable" | "query" | undefined {
  if (isTemporaryDatabaseError(error)) return "unavailable";
  return isDatabaseError(error) ? "query" : undefined;
}
