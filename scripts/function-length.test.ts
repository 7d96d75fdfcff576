import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No function in `src/` is longer than 80 lines (STYLE.md, convention 10: a function that needs a
 * comment to split its parts wants to be split). Counted from the line a function starts on to the
 * line of its closing brace, nested functions included; every declaration, expression, arrow,
 * method, accessor and constructor. Tests are left out.
 */
const root = path.resolve(import.meta.dirname, "..");
const MAX_LINES = 80;

type LongFunction = { line: number; name: string; lines: number };

/** A readable name: the declared one, else the variable, property or call the function is given to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source)})`;
  return "(anonymous)";
}

/** The functions of one source text longer than `max` lines, in the order they start. */
function longFunctions(fileName: string, text: string, max = MAX_LINES): LongFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > max) found.push({ line: start + 1, name: nameOf(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(): string[] {
  return readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => path.join("src", file))
    .sort();
}

describe("the function length check", () => {
  const functionOf = (name: string, lines: number) =>
    [
      `function ${name}() {`,
      ...Array.from({ length: lines - 2 }, (_, i) => `  const a${i} = ${i};`),
      "}",
    ].join("\n");

  it("finds a function of 81 lines and lets one of 80 pass", () => {
    const text = [functionOf("short", 80), functionOf("long", 81)].join("\n");
    expect(longFunctions("inline.ts", text)).toEqual([{ line: 81, name: "long", lines: 81 }]);
  });

  it("names arrows by their variable and counts a nested function inside its parent", () => {
    const text = `const outer = () => {\n  const inner = function () {\n${"    1;\n".repeat(80)}  };\n};\n`;
    expect(longFunctions("inline.ts", text).map(({ name, lines }) => [name, lines])).toEqual([
      ["outer", 84],
      ["inner", 82],
    ]);
  });
});

describe("the functions in src/", () => {
  it(`are at most ${MAX_LINES} lines long`, () => {
    const offenders = sourceFiles().flatMap((file) =>
      longFunctions(file, readFileSync(path.join(root, file), "utf8")).map(
        ({ line, name, lines }) => `${file}:${line} ${name} (${lines} lines)`,
      ),
    );
    expect(offenders).toEqual([]);
  }, 60_000);
});
