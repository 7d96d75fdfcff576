import { describe, expect, it } from "vitest";
import { isAbsoluteUrl, type RouteRule, resolveRouteRules } from "./route-rules";

const rules: RouteRule[] = [
  { matcher: "/mijn/**", appMiddleware: ["auth"] },
  { matcher: "/mijn/loten/*/lot-toevoegen", appMiddleware: ["auth", "basket"] },
  { matcher: "/uitslag", redirect: { to: "/trekkingsuitslag", permanent: true } },
  { matcher: "/spelregels", redirect: { to: "https://www.kroonloterij.example/spelregels" } },
];

describe("resolveRouteRules", () => {
  it("applies a subtree rule to the base path and every path below it", () => {
    expect(resolveRouteRules(rules, "/mijn").appMiddleware).toEqual(["auth"]);
    expect(resolveRouteRules(rules, "/mijn/profiel").appMiddleware).toEqual(["auth"]);
    expect(resolveRouteRules(rules, "/mijnheer").appMiddleware).toEqual([]);
  });

  it("merges middleware names without repeating them", () => {
    expect(resolveRouteRules(rules, "/mijn/loten/1201/lot-toevoegen").appMiddleware).toEqual([
      "auth",
      "basket",
    ]);
  });

  it("matches one segment for a star", () => {
    expect(resolveRouteRules(rules, "/mijn/loten/a/b/lot-toevoegen").appMiddleware).toEqual(["auth"]);
  });

  it("returns the redirect of an exact matcher", () => {
    expect(resolveRouteRules(rules, "/uitslag").redirect).toEqual({
      to: "/trekkingsuitslag",
      permanent: true,
    });
    expect(resolveRouteRules(rules, "/uitslagen").redirect).toBeUndefined();
  });

  it("tells absolute targets from relative ones", () => {
    expect(isAbsoluteUrl("https://www.kroonloterij.example/spelregels")).toBe(true);
    expect(isAbsoluteUrl("/trekkingsuitslag")).toBe(false);
    expect(isAbsoluteUrl("//evil.example")).toBe(false);
  });
});
