import { describe, expect, it } from "vitest";
import { chunkImports, inEvaluationOrder } from "./chunk-order.server";

/** A manifest as Vite writes it: keys are sources or `_name-hash.js`, imports name other keys. */
const MANIFEST = {
  "src/app/entry.client.tsx": {
    file: "assets/entry.client-1.js",
    imports: ["_framework-2.js", "_shell-3.js"],
  },
  "src/app/root.tsx": { file: "assets/root-4.js", imports: ["_framework-2.js", "_shell-3.js"] },
  "src/app/routes/basket.tsx": {
    file: "assets/basket-5.js",
    imports: ["_api-6.js", "_framework-2.js", "_shell-3.js"],
  },
  "_framework-2.js": { file: "assets/framework-2.js" },
  "_shell-3.js": { file: "assets/shell-3.js", imports: ["_framework-2.js"] },
  "_api-6.js": { file: "assets/api-6.js", imports: ["_schemas-7.js"] },
  "_schemas-7.js": { file: "assets/schemas-7.js" },
  "src/app/styles/app.css": { file: "assets/app-8.css" },
};

describe("inEvaluationOrder", () => {
  const imports = chunkImports(MANIFEST);

  it("reads each chunk's static imports as URLs, and leaves out stylesheets", () => {
    expect(imports.get("/assets/basket-5.js")).toEqual([
      "/assets/api-6.js",
      "/assets/framework-2.js",
      "/assets/shell-3.js",
    ]);
    expect(imports.has("/assets/app-8.css")).toBe(false);
  });

  it("puts every chunk after the chunks it imports, depth first, each once", () => {
    // React Router lists the entry first and a route before the chunks it imports.
    const page = [
      "/assets/entry.client-1.js",
      "/assets/root-4.js",
      "/assets/basket-5.js",
      "/assets/framework-2.js",
      "/assets/shell-3.js",
      "/assets/api-6.js",
      "/assets/schemas-7.js",
    ];
    const ordered = inEvaluationOrder(page, imports);
    expect(ordered).toEqual([
      "/assets/framework-2.js",
      "/assets/shell-3.js",
      "/assets/entry.client-1.js",
      "/assets/root-4.js",
      "/assets/schemas-7.js",
      "/assets/api-6.js",
      "/assets/basket-5.js",
    ]);
    for (const [index, url] of ordered.entries())
      for (const imported of imports.get(url) ?? []) expect(ordered.indexOf(imported)).toBeLessThan(index);
  });

  it("keeps chunks the manifest does not know, and follows imports only to chunks on the page", () => {
    expect(inEvaluationOrder(["/assets/basket-5.js", "/assets/unknown-9.js"], imports)).toEqual([
      "/assets/basket-5.js",
      "/assets/unknown-9.js",
    ]);
  });

  it("returns the list as it is without a manifest (development)", () => {
    const page = ["/src/app/root.tsx", "/src/app/routes/basket.tsx"];
    expect(inEvaluationOrder(page, undefined)).toEqual(page);
  });
});
