import { describe, expect, it } from "vitest";
import { createRouteTemplates, OTHER_ROUTE, reactRouterTemplates } from "./route-template";

const routes = createRouteTemplates([
  { template: "/api/tickets/{pageId}", method: "GET" },
  { template: "/api/tickets/store", method: "POST" },
  { template: "/api/tickets/{pageId}/continue", method: "POST" },
  { template: "/" },
  { template: "/winactie/{pageId}" },
  { template: "/winactie/{pageId}/link" },
  { template: "/mijn" },
  { template: "/mijn/*" },
  { template: "/*" },
  { template: "/assets/*" },
]);

describe("the route template of a request", () => {
  it("is the contract's endpoint template, for the endpoint's method only", () => {
    expect(routes.routeOf("POST", "/api/tickets/store", 200)).toBe("/api/tickets/store");
    expect(routes.routeOf("GET", "/api/tickets/loten", 200)).toBe("/api/tickets/{pageId}");
    expect(routes.routeOf("HEAD", "/api/tickets/loten", 200)).toBe("/api/tickets/{pageId}");
    expect(routes.routeOf("POST", "/api/tickets/winkelmandje/continue?x=1", 200)).toBe(
      "/api/tickets/{pageId}/continue",
    );
    expect(routes.routeOf("DELETE", "/api/tickets/store", 404)).toBe(OTHER_ROUTE);
  });

  it("is the page route's template, placeholders for its parameters", () => {
    expect(routes.routeOf("GET", "/", 200)).toBe("/");
    expect(routes.routeOf("GET", "/winactie/zomer-2026", 200)).toBe("/winactie/{pageId}");
    expect(routes.routeOf("GET", "/winactie/zomer-2026/link", 200)).toBe("/winactie/{pageId}/link");
    expect(routes.routeOf("GET", "/mijn", 200)).toBe("/mijn");
    expect(routes.routeOf("GET", "/mijn/extra-pagina", 200)).toBe("/mijn/*");
    expect(routes.routeOf("GET", "/loten-kopen", 200)).toBe("/*");
    expect(routes.routeOf("GET", "/nieuws/_payload.json", 200)).toBe("/*/_payload.json");
    expect(routes.routeOf("GET", "/assets/entry-abc123.js", 200)).toBe("/assets/*");
  });

  it("folds what no template holds, and a catch-all's 404, into `other`", () => {
    expect(routes.routeOf("GET", "/api/onbekend/12345", 404)).toBe(OTHER_ROUTE);
    expect(routes.routeOf("GET", "/speler@example.nl", 404)).toBe(OTHER_ROUTE);
    expect(routes.routeOf("GET", "/mijn/9f1c2d", 404)).toBe(OTHER_ROUTE);
    expect(routes.routeOf("GET", "/bestaat-niet/_payload.json", 404)).toBe(OTHER_ROUTE);
    expect(routes.routeOf("GET", "/assets/missing.js", 404)).toBe(OTHER_ROUTE);
  });

  it("is `other` for everything when there are no templates", () => {
    expect(createRouteTemplates([]).routeOf("GET", "/", 200)).toBe(OTHER_ROUTE);
  });
});

describe("React Router's routes as templates", () => {
  it("joins parent paths, turns parameters into placeholders and keeps the index route", () => {
    const templates = reactRouterTemplates({
      root: { path: "" },
      home: { index: true, parentId: "root" },
      game: { path: "winactie/:pageId", parentId: "root" },
      account: { path: "mijn/*", parentId: "root" },
      layout: { parentId: "root" },
    }).map((source) => source.template);
    expect(templates.sort()).toEqual(["/", "/mijn/*", "/winactie/{pageId}"]);
  });
});
