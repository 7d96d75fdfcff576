import { existsSync, readFileSync, writeFileSync } from "node:fs";

const FILE = "docs/benchmarks.md";

/**
 * Puts a benchmark's section into docs/benchmarks.md between `<!-- name:start -->` and `<!-- name:end -->`
 * (the section itself carries both markers), replacing the previous run's, or appends it the first time.
 */
export function writeBenchSection(name: string, section: string): void {
  const current = existsSync(FILE) ? readFileSync(FILE, "utf8") : "# Benchmarks\n";
  const marked = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
  const next = marked.test(current)
    ? current.replace(marked, () => section)
    : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(FILE, next);
  console.log(`${FILE}: ${name} section written`);
}
