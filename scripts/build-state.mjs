// Decides whether build/ matches the sources: a hash over every file the build reads.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const INPUTS = [
  "src",
  "blocks",
  "content-models",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const SKIP = /(\.test\.tsx?|\.spec\.tsx?)$/;

function* files(entry) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isFile()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) {
    const full = path.join(entry, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (!SKIP.test(name)) yield full;
  }
}

export function sourceHash(root = process.cwd()) {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex");
}

export function readBuildMeta(root = process.cwd()) {
  try {
    return JSON.parse(readFileSync(path.join(root, "build", "meta.json"), "utf8"));
  } catch {
    return undefined;
  }
}
