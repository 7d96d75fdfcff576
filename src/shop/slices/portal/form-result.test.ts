import { describe, expect, it } from "vitest";
import { ApiError, apiErrorFromProblem } from "@/src/shop/client/api-error";
import { formFailure } from "./form-result";

const tooMany = () => apiErrorFromProblem(429, { code: "RateLimitError" }, { backend: "portal" });

describe("formFailure", () => {
  it("asks for the reCAPTCHA after too many attempts on a form that has one", () => {
    const result = formFailure(tooMany(), {}, "token");
    expect(result.recaptchaRequired).toBe(true);
    expect(result.message).toMatch(/reCaptcha/);
  });

  it("says to wait, not to tick a reCAPTCHA, on a form without one (the registration)", () => {
    const result = formFailure(tooMany(), { email: "a@b.nl" }, "token", { recaptcha: false });
    expect(result.recaptchaRequired).toBe(false);
    expect(result.message).toBe("Te veel pogingen. Probeer het over een paar minuten opnieuw.");
    expect(result.message).not.toMatch(/reCaptcha/i);
  });

  it("says the first field's message when fields were refused", () => {
    const refused = new ApiError({
      status: 400,
      message: "Ongeldige invoer",
      fieldErrors: { email: ["Vul een geldig e-mailadres in"] },
    });
    expect(formFailure(refused, {}, "token", { recaptcha: false }).message).toBe(
      "Vul een geldig e-mailadres in",
    );
  });
});
