import type { EndpointDefinition } from "@/src/contract/define";
import type { ApiResponse } from "../exchange";
import { HttpProblem } from "../problem-error";
import type { RateLimiter } from "./rate-limiter.server";

/**
 * The key a call of a rate-limited endpoint counts under: the endpoint and the client's address. Calls over
 * HTTP and calls a page's form action makes in-process for the same browser share it, so posting the form
 * instead of calling the API does not double a player's (or an attacker's) allowance.
 */
export function endpointRateLimitKey(endpoint: EndpointDefinition, clientKey: string): string {
  return `${endpoint.method} ${endpoint.path}|${clientKey}`;
}

/**
 * Counts one call against the endpoint's limit (spec section 8); over it is a 429 `RateLimitError` that
 * says how long to wait (`Retry-After` and `retryAfterSeconds`): a reCAPTCHA does not lift this limit.
 */
export async function consumeEndpointRateLimit(
  rateLimiter: RateLimiter,
  endpoint: EndpointDefinition,
  clientKey: string,
  res: Pick<ApiResponse, "setHeader">,
): Promise<void> {
  if (!endpoint.rateLimit) return;
  const verdict = await rateLimiter.consume(endpointRateLimitKey(endpoint, clientKey), endpoint.rateLimit);
  if (verdict.allowed) return;
  res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
  throw new HttpProblem(429, { code: "RateLimitError", retryAfterSeconds: verdict.retryAfterSeconds });
}
