import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { z } from "zod";
import { BUILD_DIR } from "@/src/config/build-dir.server";
import { publicEnvScript } from "@/src/config/public-env";
import { PageCache } from "./page-cache";

export const PRERENDER_DIR = path.join(BUILD_DIR, "prerendered");

export const PrerenderManifestSchema = z.object({
  buildId: z.string(),
  pages: z.array(
    z.object({
      path: z.string(),
      html: z.string(),
      payload: z.string(),
      /** The hash sources of the page's inline scripts: the built HTML carries no nonce. */
      scriptHashes: z.array(z.string().regex(/^'sha256-[A-Za-z0-9+/]+={0,2}'$/)),
      tags: z.array(z.string()),
      headers: z.array(z.tuple([z.string(), z.string()])),
    }),
  ),
});
export type PrerenderManifest = z.infer<typeof PrerenderManifestSchema>;

/**
 * Prerendered pages (written at build by scripts/prerender.ts) seed the page cache as stale entries: the
 * first visitor gets the built HTML at once and a background render refreshes it, so a page is never
 * frozen until the next build. A page built with other public settings than the server runs with (another
 * base URL, a Braze key or reCAPTCHA site key set at deploy) is not used: it would hand the first visitor
 * the build machine's settings. Returns the prerendered paths for builds/meta.
 */
export function loadPrerendered(
  buildId: string,
  cache: PageCache,
  logger: Logger,
  publicEnv: unknown,
): string[] {
  const manifestFile = path.join(PRERENDER_DIR, "manifest.json");
  if (!existsSync(manifestFile)) return [];
  try {
    const manifest = PrerenderManifestSchema.parse(JSON.parse(readFileSync(manifestFile, "utf8")));
    if (manifest.buildId !== buildId) return [];
    const settings = publicEnvScript(publicEnv);
    const loaded: string[] = [];
    for (const page of manifest.pages) {
      const html = readFileSync(path.join(PRERENDER_DIR, page.html));
      if (!html.includes(settings)) {
        logger.info({ path: page.path }, "prerendered page built with other settings; rendering on demand");
        continue;
      }
      loaded.push(page.path);
      const payload = readFileSync(path.join(PRERENDER_DIR, page.payload));
      const common = { status: 200, tags: page.tags, storedAt: 0 };
      cache.set(PageCache.key({ kind: "html", buildId, layoutKey: "default", path: page.path }), {
        ...common,
        headers: page.headers,
        body: html,
        scriptHashes: page.scriptHashes,
      });
      cache.set(PageCache.key({ kind: "payload", buildId, layoutKey: "payload", path: page.path }), {
        ...common,
        headers: [],
        body: payload,
      });
    }
    return loaded;
  } catch (error) {
    logger.warn({ err: error }, "prerendered pages could not be loaded; rendering on demand");
    return [];
  }
}
