import { HTTPError, type NormalizedOptions, TimeoutError } from "ky";
import { describe, expect, it } from "vitest";
import {
  general,
  playerText,
  portalCodes,
  SPEC_ENGLISH_TEXTS,
  shopCodes,
  statusFallback,
} from "@/src/lib/messages";
import { ApiError, apiErrorFromProblem, messageFor, toApiError } from "./api-error";

const problem = (status: number, extra: Record<string, unknown> = {}) => ({
  type: "about:blank",
  title: "Error",
  status,
  ...extra,
});

describe("apiErrorFromProblem: the catalogue of spec section 8", () => {
  it.each(Object.entries(shopCodes))("shop code %s gives its catalogue text", (code, text) => {
    const error = apiErrorFromProblem(400, problem(400, { code }), { backend: "shop" });
    expect(error.code).toBe(code);
    expect(error.message).toBe(text);
  });

  it.each(Object.entries(portalCodes))("portal code %s gives its catalogue text", (code, text) => {
    const error = apiErrorFromProblem(400, problem(400, { code }), { backend: "portal" });
    expect(error.code).toBe(code);
    expect(error.message).toBe(text);
  });

  it("gives exactly the generic message for an unknown code", () => {
    for (const status of [400, 403, 404, 409, 422, 500]) {
      const error = apiErrorFromProblem(status, problem(status, { code: "SomethingNewError" }));
      expect(error.message).toBe("Er is iets mis gegaan, probeer het later opnieuw");
    }
  });

  it("uses a code from the other catalogue when the backend's own has none", () => {
    expect(messageFor(400, "PasswordInvalidError", "shop")).toBe(portalCodes.PasswordInvalidError);
  });

  it.each([
    [400, playerText(statusFallback[400] ?? "")],
    [401, general.notLoggedIn],
    [403, playerText(statusFallback[403] ?? "")],
    [404, playerText(statusFallback[404] ?? "")],
    [409, general.generic],
    [500, general.generic],
    [503, general.generic],
  ])("falls back by status %i without a code", (status, text) => {
    expect(apiErrorFromProblem(status, problem(status)).message).toBe(text);
  });

  it("sets recaptchaRequired for RateLimitError and RecaptchaNotValidError only", () => {
    expect(apiErrorFromProblem(429, problem(429, { code: "RateLimitError" })).recaptchaRequired).toBe(true);
    expect(apiErrorFromProblem(400, problem(400, { code: "RecaptchaNotValidError" })).recaptchaRequired).toBe(
      true,
    );
    expect(apiErrorFromProblem(400, problem(400, { code: "DuplicateTicketError" })).recaptchaRequired).toBe(
      false,
    );
  });

  it("says to wait, not to tick the reCAPTCHA, over an endpoint's hard limit (issue 43)", () => {
    const hard = apiErrorFromProblem(429, problem(429, { code: "RateLimitError", retryAfterSeconds: 540 }));
    expect(hard.message).toBe("Je hebt te vaak een verzoek gedaan. Probeer het over 9 minuten opnieuw.");
    expect(hard.message).not.toMatch(/reCaptcha/i);
    expect(hard.recaptchaRequired).toBe(false);
    expect(hard.code).toBe("RateLimitError");
    const soon = apiErrorFromProblem(429, problem(429, { code: "RateLimitError", retryAfterSeconds: 20 }));
    expect(soon.message).toBe("Je hebt te vaak een verzoek gedaan. Probeer het over een minuut opnieuw.");
    // A RateLimitError without a wait is the soft limit: the spec's text asks for the reCAPTCHA.
    expect(apiErrorFromProblem(429, problem(429, { code: "RateLimitError" })).message).toMatch(/reCaptcha/);
  });

  it("marks a status of 500 or more as fatal", () => {
    expect(apiErrorFromProblem(499, undefined).fatal).toBe(false);
    expect(apiErrorFromProblem(500, undefined).fatal).toBe(true);
    expect(apiErrorFromProblem(503, undefined).fatal).toBe(true);
  });

  it("keeps field errors and ignores malformed members", () => {
    const valid = apiErrorFromProblem(400, problem(400, { errors: { email: ["Ongeldig"] } }));
    expect(valid.fieldErrors).toEqual({ email: ["Ongeldig"] });

    const malformed = apiErrorFromProblem(400, { code: 42, errors: { email: "not a list" } });
    expect(malformed.code).toBeUndefined();
    expect(malformed.fieldErrors).toEqual({});
    expect(malformed.message).toBe(playerText(statusFallback[400] ?? ""));
  });

  it("gives a player the catalogue's Dutch for a field error in the spec's English (issue 43)", () => {
    const error = apiErrorFromProblem(
      400,
      problem(400, {
        detail: "Boulevardid is not filled",
        errors: {
          "tickets.0.ticketNumber": ["Not a valid ticket number"],
          boulevardId: ["Boulevardid is not filled"],
          shares: ["Boulevardid or share not filled"],
          email: ["Ongeldig"],
        },
      }),
    );
    expect(error.fieldErrors).toEqual({
      "tickets.0.ticketNumber": ["Dit is geen geldig lotnummer."],
      boulevardId: ["Vul het nummer van je boulevard in."],
      shares: ["Vul het nummer van je boulevard en het aantal delen in."],
      email: ["Ongeldig"],
    });
    expect(JSON.stringify(error)).not.toMatch(/not filled|Not a valid/);
  });

  it("accepts a body that is not an object", () => {
    for (const body of [undefined, null, "text", [1, 2]]) {
      expect(apiErrorFromProblem(404, body)).toMatchObject({
        status: 404,
        message: playerText(statusFallback[404] ?? ""),
        specMessage: statusFallback[404],
      });
    }
  });
});

describe("toApiError", () => {
  const request = new Request("http://127.0.0.1/api/test");
  const options = {} as NormalizedOptions;

  it("reads problem details from a ky HTTPError", async () => {
    const response = new Response(JSON.stringify(problem(409, { code: "DuplicateTicketError" })), {
      status: 409,
      headers: { "content-type": "application/problem+json" },
    });

    const error = await toApiError(new HTTPError(response, request, options));

    expect(error).toMatchObject({ status: 409, code: "DuplicateTicketError" });
    expect(error.message).toBe(shopCodes.DuplicateTicketError);
  });

  it("falls back by status for a non-JSON error body", async () => {
    const response = new Response("<html>Bad gateway</html>", { status: 502 });

    const error = await toApiError(new HTTPError(response, request, options));

    expect(error).toMatchObject({ status: 502, code: undefined, fatal: true, message: general.generic });
  });

  it("maps timeouts and fetch failures to the no-network message", async () => {
    for (const cause of [
      new TimeoutError(request),
      new TypeError("Failed to fetch"),
      new DOMException("timed out", "TimeoutError"),
    ]) {
      expect(await toApiError(cause)).toMatchObject({
        status: 0,
        message: general.noNetwork,
        aborted: false,
      });
    }
  });

  it("maps an AbortError to the aborted message", async () => {
    const error = await toApiError(new DOMException("The operation was aborted.", "AbortError"));

    expect(error).toMatchObject({ status: 0, aborted: true, message: general.aborted });
  });

  it("passes an ApiError through and wraps anything else as generic", async () => {
    const original = new ApiError({ status: 418, message: "x" });
    expect(await toApiError(original)).toBe(original);

    const wrapped = await toApiError(new SyntaxError("boom"));
    expect(wrapped).toMatchObject({ status: 0, message: general.generic, aborted: false });
    expect(wrapped.cause).toBeInstanceOf(SyntaxError);
  });
});

describe("what a player reads of any API problem (issue 43)", () => {
  it("is never the spec's English: every status, every code, and English field errors", () => {
    const codes = [undefined, ...Object.keys(shopCodes), ...Object.keys(portalCodes), "SomethingNewError"];
    for (const backend of ["shop", "portal"] as const) {
      // Every status a shop API answers with, and one it does not know.
      for (const status of [400, 401, 403, 404, 405, 409, 410, 413, 422, 429, 451, 500, 502, 503, 504]) {
        for (const code of codes) {
          const error = apiErrorFromProblem(
            status,
            problem(status, { code, errors: { field: [...SPEC_ENGLISH_TEXTS] } }),
            { backend },
          );
          const read = [error.message, ...Object.values(error.fieldErrors).flat()];
          for (const english of SPEC_ENGLISH_TEXTS) {
            expect(read, `${status} ${code}`).not.toContain(english);
          }
        }
      }
    }
  });

  it("keeps the spec's text for a status fallback as specMessage", () => {
    const error = apiErrorFromProblem(400, problem(400));
    expect(error.specMessage).toBe("Bad request");
    expect(error.message).toBe(
      "We konden dit niet verwerken. Controleer wat je hebt ingevuld en probeer het opnieuw.",
    );
  });
});
