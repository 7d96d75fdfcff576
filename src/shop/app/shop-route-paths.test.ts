import { describe, expect, it } from "vitest";
import routes from "./routes";
import { SHOP_ROUTE_PATHS } from "./shop-route-paths";

describe("the shop's own route paths the composer keeps free", () => {
  it("are the routes of routes.ts that are no CMS catch-all", () => {
    const own = routes.flatMap((entry) => (entry.path && !entry.path.endsWith("*") ? [entry.path] : []));
    expect(own.length).toBeGreaterThan(20);
    expect(SHOP_ROUTE_PATHS.filter((path) => !/^(redactie|api)\b/.test(path))).toEqual(own);
  });
});
