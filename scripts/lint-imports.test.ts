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
  "src/contract/tickets.ts":
    'import { format } from "@/src/lib/format";\nexport const ticketsEndpoint = format;\n',
  "src/shop/slices/tickets/price.ts":
    'import { format } from "@/src/lib/format";\nexport const price = format(1);\n',
  "src/shop/app/routes/tickets.ts":
    'import { price } from "@/src/shop/slices/tickets/price";\nexport default price;\n',
  "src/backend/db/schema.ts": "export const draws = {};\n",
  "src/backend/slices/tickets/sales.server.ts":
    'import { ticketsEndpoint } from "@/src/contract/tickets";\nimport { draws } from "@/src/backend/db/schema";\nexport const sales = [draws, ticketsEndpoint];\n',
  "src/server/main.ts":
    'import page from "@/src/shop/app/routes/tickets";\nimport { sales } from "@/src/backend/slices/tickets/sales.server";\nexport const main = [page, sales];\n',
  "blocks/hero/hero.ts": 'import { format } from "@/src/lib/format";\nexport default format;\n',
  "content-models/hero.ts": "export const hero = {};\n",
};

afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

/** One violation of each kind; all of them go into one tree, checked once (each run takes about 3 s). */
const VIOLATIONS = {
  backwards: {
    "src/lib/format.ts": 'import "@/src/shop/app/routes/tickets";\nexport const format = String;\n',
  },
  cycleOfTypes: {
    "src/shop/slices/tickets/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
    "src/shop/slices/tickets/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
  },
  shopToBackend: {
    "src/shop/app/routes/sales.ts":
      'import { sales } from "@/src/backend/slices/tickets/sales.server";\nexport default sales;\n',
    "blocks/hero/hero.ts": 'import { draws } from "@/src/backend/db/schema";\nexport default draws;\n',
  },
  backendToShop: {
    "src/backend/slices/tickets/handlers.ts":
      'import { price } from "@/src/shop/slices/tickets/price";\nexport const handlers = [price];\n',
    "src/backend/slices/tickets/sales.server.test.ts":
      'import page from "@/src/shop/app/routes/tickets";\nexport const seen = page;\n',
  },
  sliceToSlice: {
    "src/shop/slices/basket/add.ts":
      'import { price } from "@/src/shop/slices/tickets/price";\nexport const add = price;\n',
    "src/backend/slices/wallet/balance.server.ts":
      'import { sales } from "@/src/backend/slices/tickets/sales.server";\nexport const balance = sales;\n',
    "blocks/faq/faq.ts": 'import hero from "@/blocks/hero/hero";\nexport default hero;\n',
  },
};

let broken: { status: number | null; output: string } | undefined;
/** The check of the clean tree with every violation in it, run once for the cases below. */
function brokenTree(): { status: number | null; output: string } {
  broken ??= check(write(Object.assign({ ...CLEAN }, ...Object.values(VIOLATIONS))));
  return broken;
}

describe("the import rules of npm run lint", { timeout: 30_000 }, () => {
  it("pass a tree whose imports go one way, with only the composition root importing both programs", () => {
    expect(check(write(CLEAN)).status).toBe(0);
  });

  it("fail on a tree with violations, each named by its rule and its import", () => {
    expect(brokenTree().status).not.toBe(0);
  });

  it("fail on a backwards import, naming the layer", () => {
    const { output } = brokenTree();
    expect(output).toContain("layer-src-lib");
    expect(output).toContain("src/lib/format.ts → src/shop/app/routes/tickets.ts");
  });

  it("fail on an import cycle, also when it is made of type imports", () => {
    expect(brokenTree().output).toMatch(/no-circular: src\/shop\/slices\/tickets\/[ab]\.ts/);
  });

  it("fail when the storefront imports the backend: a route reaching a backend service, or a block", () => {
    const { output } = brokenTree();
    expect(output).toContain(
      "shop-not-backend: src/shop/app/routes/sales.ts → src/backend/slices/tickets/sales.server.ts",
    );
    expect(output).toContain("shop-not-backend: blocks/hero/hero.ts → src/backend/db/schema.ts");
  });

  it("fail when the backend imports the storefront, also from a test", () => {
    const { output } = brokenTree();
    expect(output).toContain(
      "backend-not-shop: src/backend/slices/tickets/handlers.ts → src/shop/slices/tickets/price.ts",
    );
    expect(output).toContain(
      "backend-not-shop: src/backend/slices/tickets/sales.server.test.ts → src/shop/app/routes/tickets.ts",
    );
  });

  it("fail when a slice imports another slice or a block another block", () => {
    const { output } = brokenTree();
    expect(output).toContain("no-slice-to-slice: src/shop/slices/basket/add.ts");
    expect(output).toContain("no-slice-to-slice: src/backend/slices/wallet/balance.server.ts");
    expect(output).toContain("no-block-to-block: blocks/faq/faq.ts");
  });
});
