import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * `npm run lint` checks the direction of imports with dependency-cruiser (decision 11). These tests run
 * the project's own rules on a small temporary tree: a clean tree passes, and each kind of violation
 * committed to it fails the check, naming the rule.
 */
const root = path.resolve(import.meta.dirname, "..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");
let tree: string | undefined;

function write(files: Record<string, string>): string {
  tree = mkdtempSync(path.join(os.tmpdir(), "kl-imports-"));
  cpSync(path.join(root, ".dependency-cruiser.cjs"), path.join(tree, ".dependency-cruiser.cjs"));
  writeFileSync(
    path.join(tree, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] }, strict: true } }),
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
  return tree;
}

function check(dir: string): { status: number | null; output: string } {
  const result = spawnSync(
    depcruise,
    ["src", "blocks", "content-models", "--config", ".dependency-cruiser.cjs", "--output-type", "err"],
    { cwd: dir, encoding: "utf8" },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const CLEAN = {
  "src/lib/format.ts": "export const format = (value: number) => String(value);\n",
  "src/features/tickets/price.ts":
    'import { format } from "@/src/lib/format";\nexport const price = format(1);\n',
  "src/shop/app/routes/tickets.ts":
    'import { price } from "@/src/features/tickets/price";\nexport default price;\n',
  "blocks/hero/hero.ts": 'import { format } from "@/src/lib/format";\nexport default format;\n',
  "content-models/hero.ts": "export const hero = {};\n",
};

afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

describe("the import rules of npm run lint", () => {
  it("pass a tree whose imports go one way", () => {
    expect(check(write(CLEAN)).status).toBe(0);
  });

  it("fail on a backwards import, naming the layer", () => {
    const { status, output } = check(
      write({
        ...CLEAN,
        "src/lib/format.ts": 'import "@/src/shop/app/routes/tickets";\nexport const format = String;\n',
      }),
    );
    expect(status).not.toBe(0);
    expect(output).toContain("layer-src-lib");
    expect(output).toContain("src/lib/format.ts → src/shop/app/routes/tickets.ts");
  });

  it("fail on an import cycle, also when it is made of type imports", () => {
    const { status, output } = check(
      write({
        ...CLEAN,
        "src/features/tickets/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
        "src/features/tickets/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
      }),
    );
    expect(status).not.toBe(0);
    expect(output).toContain("no-circular");
  });

  it("fail when a route reaches the database, also through a feature's service", () => {
    const { status, output } = check(
      write({
        ...CLEAN,
        "src/backend/db/schema.ts": "export const draws = {};\n",
        "src/backend/orders/sales.server.ts":
          'import { draws } from "@/src/backend/db/schema";\nexport const sales = draws;\n',
        "src/shop/app/routes/sales.ts":
          'import { sales } from "@/src/backend/orders/sales.server";\nexport default sales;\n',
      }),
    );
    expect(status).not.toBe(0);
    expect(output).toContain("pages-read-through-clients");
    expect(output).toContain("src/shop/app/routes/sales.ts");
  });

  it("fail when a feature imports another feature or a block another block", () => {
    const { status, output } = check(
      write({
        ...CLEAN,
        "src/features/basket/add.ts":
          'import { price } from "@/src/features/tickets/price";\nexport const add = price;\n',
        "blocks/faq/faq.ts": 'import hero from "@/blocks/hero/hero";\nexport default hero;\n',
      }),
    );
    expect(status).not.toBe(0);
    expect(output).toContain("no-feature-to-feature");
    expect(output).toContain("no-block-to-block");
  });
});
