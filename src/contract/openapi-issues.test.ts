import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";
import { contract } from "./registry";

/**
 * Issue 16's "Done when": every endpoint of its item 1 (iDIN age validation) is in the OpenAPI document.
 * Listed here by hand from the issue, so an endpoint left out of the contract registry fails this test.
 */
const ISSUE_16_IDIN_ENDPOINTS = [
  ["get", "/api/age-validation/idin-issuers"],
  ["post", "/api/age-validation/idin"],
  ["post", "/api/age-validation/idin/return"],
  ["get", "/api/my/common/responsible-gaming/age-validation"],
  ["post", "/api/my/common/responsible-gaming/age-validation"],
] as const;

/** Item 3 (the wallet), with the deposit's return, the withdrawal and the deposit limit of items 3 and 6. */
const ISSUE_16_WALLET_ENDPOINTS = [
  ["get", "/api/my/common/wallet"],
  ["post", "/api/my/common/deposit/ideal"],
  ["post", "/api/my/common/deposit/creditcard"],
  ["get", "/api/my/common/deposit/{transactionId}"],
  ["post", "/api/my/common/withdrawal"],
  ["get", "/api/my/common/responsible-gaming/deposit-limit"],
  ["put", "/api/my/common/responsible-gaming/deposit-limit"],
] as const;

describe("the OpenAPI document and issue 16 (iDIN)", () => {
  const document = buildOpenApiDocument(contract, { version: "1.2.3", serverUrl: "https://example.test" });

  it("has every endpoint of age validation through iDIN", () => {
    const missing = ISSUE_16_IDIN_ENDPOINTS.filter(([method, path]) => !document.paths[path]?.[method]);
    expect(missing).toEqual([]);
  });

  it("documents the refusals a player can meet: the start's 422 and the return's 404", () => {
    expect(document.paths["/api/age-validation/idin"]?.post?.responses).toHaveProperty("422");
    expect(
      document.paths["/api/my/common/responsible-gaming/age-validation"]?.post?.responses,
    ).toHaveProperty("422");
    expect(document.paths["/api/age-validation/idin/return"]?.post?.responses).toHaveProperty("404");
  });
});

describe("the OpenAPI document and issue 16 (the wallet)", () => {
  const document = buildOpenApiDocument(contract, { version: "1.2.3", serverUrl: "https://example.test" });

  it("has every endpoint of the wallet", () => {
    const missing = ISSUE_16_WALLET_ENDPOINTS.filter(([method, path]) => !document.paths[path]?.[method]);
    expect(missing).toEqual([]);
  });

  it("documents the refusals: the age gate, the deposit limit, the balance and a reused transaction id", () => {
    const deposit = document.paths["/api/my/common/deposit/ideal"]?.post?.responses ?? {};
    expect(Object.keys(deposit)).toEqual(expect.arrayContaining(["400", "403", "409", "422"]));
    const withdrawal = document.paths["/api/my/common/withdrawal"]?.post?.responses ?? {};
    expect(Object.keys(withdrawal)).toEqual(expect.arrayContaining(["409", "422"]));
    const checkout = document.paths["/api/tickets/store"]?.post?.responses ?? {};
    expect(Object.keys(checkout)).toContain("422");
  });
});

describe("the OpenAPI document and issue 17 (gift tickets built so far)", () => {
  const document = buildOpenApiDocument(contract, { version: "1.2.3", serverUrl: "https://example.test" });

  it("has the gift calls with the spec's codes", () => {
    const missing = (
      [
        ["post", "/api/gift-tickets/verify/{pageId}"],
        ["post", "/api/gift-tickets/player/{pageId}"],
        ["get", "/api/gift-tickets/store/{id}"],
        ["put", "/api/gift-tickets/store/{id}"],
        ["post", "/api/gift-tickets/order/{pageId}"],
      ] as const
    ).filter(([method, path]) => !document.paths[path]?.[method]);
    expect(missing).toEqual([]);
    const redeem = JSON.stringify(document.paths["/api/gift-tickets/player/{pageId}"]?.post?.responses);
    expect(redeem).toContain("VoucherCodeAlreadyClaimedError");
    expect(redeem).toContain("VoucherCodeNotFoundError");
    const verify = JSON.stringify(document.paths["/api/gift-tickets/verify/{pageId}"]?.post?.responses);
    expect(verify).toContain("InvalidEmailAddressError");
  });
});

/** Issue 18's item 1, the promotion and e-mail calls built so far. */
const ISSUE_18_PROMOTION_ENDPOINTS = [
  ["post", "/api/email/validate"],
  ["post", "/api/promotions"],
  ["post", "/api/promotions/verify"],
  ["post", "/api/promotions/store"],
  ["post", "/api/promotions/continue"],
] as const;

describe("the OpenAPI document and issue 18 (promotions)", () => {
  const document = buildOpenApiDocument(contract, { version: "1.2.3", serverUrl: "https://example.test" });

  it("has every promotion and e-mail endpoint, with the refusals a visitor can meet", () => {
    const missing = ISSUE_18_PROMOTION_ENDPOINTS.filter(([method, path]) => !document.paths[path]?.[method]);
    expect(missing).toEqual([]);
    const store = document.paths["/api/promotions/store"]?.post?.responses ?? {};
    expect(Object.keys(store)).toEqual(expect.arrayContaining(["400", "404", "422", "429"]));
  });
});

/** Issue 17's item 1: the gift and affiliate calls (with the gift order the giving flow needs). */
const ISSUE_17_ENDPOINTS = [
  ["post", "/api/gift-tickets/verify/{pageId}"],
  ["post", "/api/gift-tickets/player/{pageId}"],
  ["post", "/api/gift-tickets/idin/{pageId}"],
  ["get", "/api/gift-tickets/store/{id}"],
  ["put", "/api/gift-tickets/store/{id}"],
  ["post", "/api/gift-tickets/order/{pageId}"],
  ["post", "/api/affiliate-tickets/verify/{pageId}"],
  ["post", "/api/affiliate-tickets/{pageId}"],
  ["get", "/api/affiliate-tickets/store/{id}"],
  ["put", "/api/affiliate-tickets/store/{id}"],
] as const;

describe("the OpenAPI document and issue 17 (gift and affiliate tickets)", () => {
  const document = buildOpenApiDocument(contract, { version: "1.2.3", serverUrl: "https://example.test" });
  const headersOf = (method: string, path: string) =>
    (
      (
        document.paths[path] as Record<
          string,
          { parameters?: { name: string; in: string; required?: boolean }[] }
        >
      )?.[method]?.parameters ?? []
    ).filter((parameter) => parameter.in === "header" && parameter.name.startsWith("Cms-"));

  it("has every gift and affiliate endpoint", () => {
    const missing = ISSUE_17_ENDPOINTS.filter(([method, path]) => !document.paths[path]?.[method]);
    expect(missing).toEqual([]);
  });

  it("documents the page header on every one, and requires the partner on the affiliate flow's calls", () => {
    for (const [method, path] of ISSUE_17_ENDPOINTS) {
      expect(
        headersOf(method, path).map((header) => header.name),
        `${method} ${path}`,
      ).toContain("Cms-Page-Id");
    }
    expect(headersOf("post", "/api/affiliate-tickets/{pageId}")).toEqual([
      expect.objectContaining({ name: "Cms-Page-Id", required: true }),
      expect.objectContaining({ name: "Cms-Affiliate-Host", required: true }),
    ]);
    expect(headersOf("post", "/api/gift-tickets/verify/{pageId}")).toEqual([
      expect.objectContaining({ name: "Cms-Page-Id", required: false }),
    ]);
  });

  it("documents the refusals: a used code, the limit per player and an offer that is over", () => {
    const redeem = document.paths["/api/gift-tickets/idin/{pageId}"]?.post?.responses ?? {};
    expect(Object.keys(redeem)).toEqual(expect.arrayContaining(["404", "409", "422"]));
    const order = document.paths["/api/affiliate-tickets/{pageId}"]?.post?.responses ?? {};
    expect(Object.keys(order)).toEqual(expect.arrayContaining(["403", "404", "409", "422"]));
  });
});

/** Issue 18's item 1, the action code call, with the offer and basket calls its block and basket use. */
const ISSUE_18_ACTION_ENDPOINTS = [
  ["post", "/api/marketing-campaigns/{pageId}/action-codes/activate"],
  ["get", "/api/marketing-campaigns/{pageId}/offer"],
  ["put", "/api/marketing-campaigns/{pageId}/offer"],
  ["post", "/api/basket/adjustments"],
] as const;

describe("the OpenAPI document and issue 18 (action codes)", () => {
  const document = buildOpenApiDocument(contract, { version: "1.2.3", serverUrl: "https://example.test" });

  it("has the activation and the offer calls, with every refusal of the activation", () => {
    const missing = ISSUE_18_ACTION_ENDPOINTS.filter(([method, path]) => !document.paths[path]?.[method]);
    expect(missing).toEqual([]);
    const activate = document.paths["/api/marketing-campaigns/{pageId}/action-codes/activate"]?.post;
    expect(Object.keys(activate?.responses ?? {})).toEqual(
      expect.arrayContaining(["400", "401", "404", "409", "422", "429"]),
    );
    const text = JSON.stringify(activate);
    for (const code of [
      "ActionExpiredError",
      "ActionNotActiveError",
      "ActionNotFoundError",
      "VoucherCodeAlreadyClaimedError",
      "VoucherCodeNotFoundError",
      "RecaptchaNotValidError",
      "RateLimitError",
    ]) {
      expect(text).toContain(code);
    }
    expect(JSON.stringify(document.paths["/api/marketing-campaigns/{pageId}/offer"]?.get)).toContain(
      "NoActivatedActionFoundError",
    );
  });
});

/** Issue 19's item 1: the calls under /api/promotionalgamesofchance/{pageId}. */
const ISSUE_19_ENDPOINTS = [
  ["post", "/api/promotionalgamesofchance/{pageId}/subscribe"],
  ["post", "/api/promotionalgamesofchance/{pageId}/subscribe/manual"],
  ["post", "/api/promotionalgamesofchance/{pageId}/subscribe/retail"],
  ["get", "/api/promotionalgamesofchance/{pageId}/subscribe/online"],
  ["post", "/api/promotionalgamesofchance/{pageId}/subscribe/online"],
  ["get", "/api/promotionalgamesofchance/{pageId}/subscribe/link"],
  ["post", "/api/promotionalgamesofchance/{pageId}/subscribe/link"],
  ["get", "/api/promotionalgamesofchance/{pageId}/opt-ins"],
] as const;

describe("the OpenAPI document and issue 19 (games of chance)", () => {
  const document = buildOpenApiDocument(contract, { version: "1.2.3", serverUrl: "https://example.test" });

  it("has every call of a game, with the codes of spec section 8 a player can meet", () => {
    const missing = ISSUE_19_ENDPOINTS.filter(([method, path]) => !document.paths[path]?.[method]);
    expect(missing).toEqual([]);
    const online = JSON.stringify(
      document.paths["/api/promotionalgamesofchance/{pageId}/subscribe/online"]?.post,
    );
    for (const code of [
      "DuplicateTicketError",
      "MaximumNumberOfParticipationsReachedError",
      "UserAlreadyParticipatedError",
    ]) {
      expect(online).toContain(code);
    }
    expect(
      JSON.stringify(document.paths["/api/promotionalgamesofchance/{pageId}/subscribe/manual"]?.post),
    ).toContain("RecaptchaNotValidError");
  });
});
