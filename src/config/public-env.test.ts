import { describe, expect, it } from "vitest";
import { parsePublicEnv } from "./public-env";

describe("parsePublicEnv", () => {
  const valid = {
    baseUrl: "http://localhost:3000",
    secureCookies: false,
    buildId: "abc",
    buildPollIntervalMs: 60000,
  };

  it("accepts the settings the server writes", () => {
    expect(parsePublicEnv({ ...valid, portalOrigin: "https://portal.example" })).toEqual({
      ...valid,
      portalOrigin: "https://portal.example",
    });
  });

  it("refuses anything else", () => {
    expect(parsePublicEnv(undefined)).toBeUndefined();
    expect(parsePublicEnv({ ...valid, buildId: 1 })).toBeUndefined();
    expect(parsePublicEnv({ ...valid, secureCookies: "false" })).toBeUndefined();
    expect(parsePublicEnv({ ...valid, recaptchaSiteKey: 42 })).toBeUndefined();
  });
});
