import { describe, expect, it } from "vitest";
import { signPreview, signRequest, verifyPreview, verifyRequest } from "./request-signing.server";

const secret = "webhook-secret";
const request = { method: "POST", path: "/api/cms/webhook", body: '{"sys":{"id":"home"}}', headers: {} };

describe("webhook request verification", () => {
  it("accepts a request signed with the secret", () => {
    const headers = signRequest(secret, request, 1_000_000);
    expect(verifyRequest(secret, { ...request, headers }, 1_000_500)).toBe(true);
  });

  it("refuses another secret, a changed body and an old timestamp", () => {
    const headers = signRequest(secret, request, 1_000_000);
    expect(verifyRequest("other", { ...request, headers }, 1_000_000)).toBe(false);
    expect(verifyRequest(secret, { ...request, headers, body: '{"sys":{"id":"evil"}}' }, 1_000_000)).toBe(
      false,
    );
    expect(verifyRequest(secret, { ...request, headers }, 1_000_000 + 61_000)).toBe(false);
  });

  it("refuses a request without signature headers", () => {
    expect(verifyRequest(secret, request)).toBe(false);
  });
});

describe("preview links", () => {
  it("verify until they expire and only for their path", () => {
    const signature = signPreview(secret, "/oudejaarstrekking", 2_000);
    expect(verifyPreview(secret, "/oudejaarstrekking", 2_000, signature, 1_000)).toBe(true);
    expect(verifyPreview(secret, "/over-ons", 2_000, signature, 1_000)).toBe(false);
    expect(verifyPreview(secret, "/oudejaarstrekking", 2_000, signature, 2_001)).toBe(false);
  });
});
