import { describe, expect, it } from "vitest";
import { type PathContext, pathProblems, pathShapeProblems } from "./path-check";
import type { StoredEntry } from "./stores/content-store";

const entry = (id: string, contentType: string, fields: Record<string, unknown>, published = true) =>
  ({
    id,
    contentType,
    fields,
    version: published ? 2 : 1,
    publishedVersion: published ? 1 : undefined,
    publishedFields: published ? fields : undefined,
    updatedAt: "2026-12-01T10:00:00Z",
  }) satisfies StoredEntry;

const context = (pageId?: string): PathContext => ({
  pageId,
  entries: [
    entry("page-zomer", "page", { path: "/zomeractie" }),
    entry("page-loten", "page", { path: "/loten" }),
    entry("redirect-actie", "redirect", { from: "/actie", to: "/oudejaarstrekking" }),
    entry("redirect-oud", "redirect", { from: "/oude-zomer", to: "/zomeractie" }),
    entry("redirect-concept", "redirect", { from: "/nog-niet", to: "/x" }, false),
  ],
  shopRoutes: ["loten", "winkelmandje", "mijn/saldo", "winactie/:pageId"],
});

describe("the live check of a page's path", () => {
  it("explains a path of the wrong shape in Dutch", () => {
    expect(pathShapeProblems("")).toEqual(["Vul een pad in, bijvoorbeeld /zomeractie."]);
    expect(pathShapeProblems("zomer")).toEqual(["Een pad begint met een /, bijvoorbeeld /zomeractie."]);
    expect(pathShapeProblems("/zomer/")).toEqual(["Een pad eindigt niet op een /."]);
    expect(pathShapeProblems("/Zomer")).toEqual(["Een pad bevat geen hoofdletters: gebruik kleine letters."]);
    expect(pathShapeProblems("/zomer actie")[0]).toMatch(/alleen kleine letters, cijfers en streepjes/);
    expect(pathShapeProblems("/zomer/actie-2")).toEqual([]);
    expect(pathShapeProblems("/")).toEqual([]);
  });

  it("finds a path free that nothing has, and a page's own path free for it", () => {
    expect(pathProblems("/herfst", context("page-zomer"))).toEqual([]);
    expect(pathProblems("/zomeractie", context("page-zomer"))).toEqual([]);
  });

  it("refuses another page's path, a published redirect's source and the shop's own routes", () => {
    expect(pathProblems("/zomeractie", context("page-nieuw"))).toEqual([
      "Het pad /zomeractie is al in gebruik door een andere pagina.",
    ]);
    expect(pathProblems("/actie", context("page-zomer"))).toEqual([
      "Op /actie staat al een doorverwijzing naar /oudejaarstrekking. Kies een ander pad.",
    ]);
    expect(pathProblems("/winkelmandje", context())).toEqual([
      "Het pad /winkelmandje is een vaste pagina van de webshop. Kies een ander pad.",
    ]);
    expect(pathProblems("/mijn/saldo", context())).toHaveLength(1);
    expect(pathProblems("/winactie/zomer", context())).toHaveLength(1);
    // A CMS page under /mijn/ that is no route of the shop is fine, as is a redirect only in concept.
    expect(pathProblems("/mijn/voordeel-2", context())).toEqual([]);
    expect(pathProblems("/nog-niet", context())).toEqual([]);
  });

  it("lets a page move back to where it came from, and keep a route path it has", () => {
    expect(pathProblems("/oude-zomer", context("page-zomer"))).toEqual([]);
    expect(pathProblems("/oude-zomer", context("page-ander"))).toHaveLength(1);
    expect(pathProblems("/loten", context("page-loten"))).toEqual([]);
  });
});
