import { CachePolicy } from "@/src/lib/cache-policy";
import { CACHE_TAGS_HEADER, FRESH_UNTIL_HEADER } from "@/src/lib/cache-tags";

/**
 * Headers that let the page cache keep a results page for anonymous visitors until the next result is
 * published (then the cached copy is stale and re-rendered), and shared caches for a minute.
 */
export function resultsPageHeaders(
  path: string,
  nextPublicationDate: string | undefined,
  cmsTags: readonly string[] = [],
): Record<string, string> {
  const freshUntil = nextPublicationDate ? Date.parse(nextPublicationDate) : Number.NaN;
  return {
    "Cache-Control": CachePolicy.results,
    [CACHE_TAGS_HEADER]: [...cmsTags, "draw-results", `path:${path}`].join(","),
    ...(Number.isFinite(freshUntil) ? { [FRESH_UNTIL_HEADER]: String(freshUntil) } : {}),
  };
}
