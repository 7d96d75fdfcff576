import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Decision 6: the basket store is in every page's first-load JavaScript, so nothing it imports at run
 * time may pull in zod. Ticket kinds keep their schemas in `*-schema.ts` files, imported with
 * `import type` only from the store's side; this walks the store's run-time imports to hold that line.
 */

const ROOT = resolve(import.meta.dirname, "../../../..");
const RUNTIME_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^;"]*?\sfrom\s+)?"([^"]+)";/gm;

function resolveSource(specifier: string, from: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : undefined;
  if (base === undefined) return undefined;
  return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((file) => existsSync(file));
}

/** Our source files and the packages reached from `entry` through run-time imports. */
function runtimeImports(entry: string): { files: Set<string>; packages: Set<string> } {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(RUNTIME_IMPORT)) {
      const source = resolveSource(specifier!, file);
      if (source) queue.push(source);
      else packages.add(specifier!);
    }
  }
  return { files: seen, packages };
}

describe("the basket store's first-load imports", () => {
  it("include the ticket kinds but no schema library", () => {
    const { files, packages } = runtimeImports(join(ROOT, "src/shop/slices/basket/basket-store.ts"));
    expect(files).toContain(join(ROOT, "src/domain/tickets/kinds/registry.ts"));
    expect(packages).toContain("react");
    expect([...packages].filter((name) => name === "zod" || name.startsWith("zod/"))).toEqual([]);
  });

  it("would notice a kind schema imported at run time", () => {
    const { packages } = runtimeImports(join(ROOT, "src/domain/tickets/basket-ticket.ts"));
    expect(packages).toContain("zod");
  });
});
