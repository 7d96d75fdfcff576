import type { Response } from "express";
import type { ProblemDetails } from "@/src/contract/problem";

export function sendProblem(res: Response, details: ProblemDetails): void {
  res.status(details.status).type("application/problem+json").send(JSON.stringify(details));
}
