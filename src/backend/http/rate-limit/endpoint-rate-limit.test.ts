import { describe, expect, it } from "vitest";
import { enterManualGameTickets } from "@/src/contract/games-of-chance";
import { problemDetails } from "../problem-error";
import { consumeEndpointRateLimit } from "./endpoint-rate-limit";
import type { RateLimiter, RateLimitResult } from "./rate-limiter.server";

/** A limiter that answers one verdict: the endpoint's rule is what is under test, not the counting. */
function limiterAnswering(verdict: RateLimitResult): RateLimiter {
  return {
    consume: async () => verdict,
    count: async () => 0,
    secondsLeft: async () => verdict.retryAfterSeconds,
    reset: async () => undefined,
  };
}

describe("an endpoint's hard limit (spec section 8)", () => {
  it("lets a call within the limit through", async () => {
    const headers = new Map<string, string>();
    await consumeEndpointRateLimit(
      limiterAnswering({ allowed: true, remaining: 3, retryAfterSeconds: 0 }),
      enterManualGameTickets,
      "127.0.0.1",
      { setHeader: (name: string, value: string) => headers.set(name, value) } as never,
    );
    expect(headers.size).toBe(0);
  });

  it("answers RateLimitError with how long to wait, in Retry-After and in the problem (no reCAPTCHA lifts it)", async () => {
    const headers = new Map<string, string>();
    const refused = await consumeEndpointRateLimit(
      limiterAnswering({ allowed: false, remaining: 0, retryAfterSeconds: 420 }),
      enterManualGameTickets,
      "127.0.0.1",
      { setHeader: (name: string, value: string) => headers.set(name, value) } as never,
    ).catch((error: unknown) => error);
    expect(headers.get("Retry-After")).toBe("420");
    expect(problemDetails(refused)).toMatchObject({
      status: 429,
      code: "RateLimitError",
      retryAfterSeconds: 420,
    });
  });
});
