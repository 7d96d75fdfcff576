import { readFileSync } from "node:fs";
import path from "node:path";
import { blockSourcePath } from "@/blocks/components";
import { BUILD_DIR } from "@/src/config/build-dir.server";

type ManifestChunk = { file: string; imports?: string[] };
let manifest: Record<string, ManifestChunk> | null | undefined;

function readManifest(): Record<string, ManifestChunk> | null {
  if (manifest !== undefined) return manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(BUILD_DIR, "client", ".vite", "manifest.json"), "utf8"));
  } catch {
    manifest = null; // development: Vite serves modules itself
  }
  return manifest ?? null;
}

/**
 * The chunk URLs of the blocks on a page, with their imports (DESIGN section 4): the server emits
 * modulepreload only for these, so no block chunk loads on a page that does not use the block.
 */
export function blockChunkUrls(types: Iterable<string>): string[] {
  const chunks = readManifest();
  if (!chunks) return [];
  const urls = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || urls.has(`/${chunk.file}`)) return;
    urls.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const type of types) visit(blockSourcePath(type));
  return [...urls];
}
