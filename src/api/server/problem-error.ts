import { type ProblemDetails, problem } from "@/src/api/contract/problem";

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

/** The problem details an error is answered with: its own for an HttpProblem, a bare 500 otherwise. */
export function problemDetails(error: unknown): ProblemDetails {
  return error instanceof HttpProblem ? problem(error.status, error.extra) : problem(500);
}
