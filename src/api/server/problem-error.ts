import type { ProblemDetails } from "@/src/server/http/problem";

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
