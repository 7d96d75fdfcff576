import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/**
 * The floor plan of the two programs (decision 19): beside the import rules that `npm run lint` checks
 * file by file, no two folders import each other. Counted at each depth of the tree (`src/shop`, then
 * `src/shop/slices`, then each folder), leaving out a folder and its own subfolders. The blocks are the
 * storefront's (they sit between its slices and its CMS), so they count as part of `src/shop`.
 */
const root = path.resolve(import.meta.dirname, "..");

const CruiseSchema = z.object({
  modules: z.array(
    z.object({
      source: z.string(),
      dependencies: z.array(z.object({ resolved: z.string() })),
    }),
  ),
});

function cruise() {
  const result = spawnSync(
    path.join(root, "node_modules/.bin/depcruise"),
    ["src", "blocks", "content-models", "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return CruiseSchema.parse(JSON.parse(result.stdout));
}

const PRODUCT = /^(src|blocks|content-models)\//;
const TEST = /\.test\.tsx?$/;
/** The folder a file counts under: `blocks/` as the storefront's. */
const placed = (file: string) => (file.startsWith("blocks/") ? `src/shop/${file}` : file);

function twoWayPairs(modules: z.infer<typeof CruiseSchema>["modules"], depth: number): string[] {
  const folder = (file: string) => placed(file).split("/").slice(0, -1).slice(0, depth).join("/");
  const related = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
  const edges = new Set<string>();
  for (const module of modules) {
    if (!PRODUCT.test(module.source) || TEST.test(module.source)) continue;
    for (const { resolved } of module.dependencies) {
      if (!PRODUCT.test(resolved)) continue;
      const from = folder(module.source);
      const to = folder(resolved);
      if (!related(from, to)) edges.add(`${from} -> ${to}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split(" -> ") as [string, string])
    .filter(([from, to]) => from < to && edges.has(`${to} -> ${from}`))
    .map(([from, to]) => `${from} <-> ${to}`);
}

describe("the two-way pair count", () => {
  const module = (source: string, ...imports: string[]) => ({
    source,
    dependencies: imports.map((resolved) => ({ resolved })),
  });

  it("finds two folders importing each other, but not a folder and its own subfolder", () => {
    const modules = [
      module("src/server/http/a.ts", "src/server/ssr/b.ts", "src/server/http/rate/c.ts"),
      module("src/server/ssr/b.ts", "src/server/http/d.ts"),
      module("src/server/http/rate/c.ts", "src/server/http/a.ts"),
    ];
    expect(twoWayPairs(modules, Number.POSITIVE_INFINITY)).toEqual(["src/server/http <-> src/server/ssr"]);
    expect(twoWayPairs(modules, 2)).toEqual([]);
  });

  it("counts a block as the storefront's, and a block importing a backend folder that imports it as a pair", () => {
    const modules = [
      module("blocks/faq/faq.tsx", "src/shop/slices/faq/view.tsx"),
      module("src/shop/cms/render.tsx", "blocks/faq/faq.tsx"),
      module("src/backend/slices/faq/a.ts", "blocks/faq/faq.tsx"),
      module("blocks/faq/loader.server.ts", "src/backend/slices/faq/a.ts"),
    ];
    expect(twoWayPairs(modules, 2)).toEqual(["src/backend <-> src/shop"]);
  });
});

describe("the structure of the source tree", () => {
  const { modules } = cruise();

  it("is cruised whole (both programs, the blocks and the content models)", () => {
    const sources = modules.map((module) => module.source);
    for (const part of ["src/shop/", "src/backend/", "src/server/", "blocks/", "content-models/"]) {
      expect(sources.some((source) => source.startsWith(part))).toBe(true);
    }
  });

  it.each([2, 3, 4, Number.POSITIVE_INFINITY])(
    "has no two folders importing each other, at depth %s",
    (depth) => {
      expect(twoWayPairs(modules, depth)).toEqual([]);
    },
  );
});
