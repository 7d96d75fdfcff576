import { readFileSync } from "node:fs";
import path from "node:path";
import type { PGliteOptions } from "@electric-sql/pglite";

/**
 * PGlite's WebAssembly (PostgreSQL and initdb) compiled, and its file-system bundle read, once per process
 * rather than for every database opened: a test run opens a hundred in-memory databases, and each open
 * spent about 0.6 s of its 2.2 s compiling the same modules. Without the files where they are expected
 * (another PGlite layout), PGlite loads them itself, as before.
 */
type Assets = Pick<PGliteOptions, "pgliteWasmModule" | "initdbWasmModule" | "fsBundle">;

let assets: Promise<Assets> | undefined;

async function loadAssets(): Promise<Assets> {
  try {
    const dist = path.resolve("node_modules/@electric-sql/pglite/dist");
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      WebAssembly.compile(readFileSync(path.join(dist, "pglite.wasm"))),
      WebAssembly.compile(readFileSync(path.join(dist, "initdb.wasm"))),
    ]);
    return {
      pgliteWasmModule,
      initdbWasmModule,
      fsBundle: new Blob([readFileSync(path.join(dist, "pglite.data"))]),
    };
  } catch {
    return {};
  }
}

/** The compiled modules and bundle to hand to `new PGlite(...)`; empty when they cannot be read. */
export function pgliteAssets(): Promise<Assets> {
  assets ??= loadAssets();
  return assets;
}
