import { blockSourcePath } from "@/blocks/components";
import { readClientManifest } from "@/src/config/client-manifest.server";

/**
 * The chunk URLs of the blocks on a page, with their imports (DESIGN section 4): the server emits
 * modulepreload only for these, so no block chunk loads on a page that does not use the block.
 */
export function blockChunkUrls(types: Iterable<string>): string[] {
  const chunks = readClientManifest();
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
