import { type ClientManifest, readClientManifest } from "@/src/config/client-manifest.server";

let importsByUrl: ReadonlyMap<string, readonly string[]> | undefined;

/** Each chunk's URL with the URLs of the chunks it imports statically, from the build's manifest. */
export function chunkImports(manifest: ClientManifest): ReadonlyMap<string, readonly string[]> {
  const urls = new Map<string, readonly string[]>();
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith(".js")) continue;
    urls.set(
      `/${chunk.file}`,
      (chunk.imports ?? []).flatMap((key) => {
        const imported = manifest[key];
        return imported ? [`/${imported.file}`] : [];
      }),
    );
  }
  return urls;
}

/**
 * A page's chunks in the order a browser evaluates them (decision 15): every chunk after the chunks it
 * imports, depth first in import order, as the module graph would run. Chunks the manifest does not know
 * keep their place among the rest; without a manifest (development) the list is returned as it is.
 */
export function inEvaluationOrder(
  urls: readonly string[],
  imports: ReadonlyMap<string, readonly string[]> | undefined = pageChunkImports(),
): string[] {
  if (!imports) return [...urls];
  const onPage = new Set(urls);
  const ordered: string[] = [];
  const visited = new Set<string>();
  const visit = (url: string) => {
    if (visited.has(url)) return;
    visited.add(url);
    for (const imported of imports.get(url) ?? []) if (onPage.has(imported)) visit(imported);
    ordered.push(url);
  };
  for (const url of urls) visit(url);
  return ordered;
}

function pageChunkImports(): ReadonlyMap<string, readonly string[]> | undefined {
  if (importsByUrl) return importsByUrl;
  const manifest = readClientManifest();
  if (!manifest) return undefined;
  importsByUrl = chunkImports(manifest);
  return importsByUrl;
}
