import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { z } from "zod";
import { BUILD_DIR } from "@/src/config/build-dir.server";
import { publicEnvScript } from "@/src/config/public-env";
import { sha256Source } from "../wire/script-hashes";
import { PageCache, SHARED_PAYLOAD_HEADERS } from "./page-cache";

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
 * A prerendered page with the running server's public settings in its document shell instead of the
 * build machine's (another base URL, a Braze key or reCAPTCHA site key set at deploy): the settings script
 * is rewritten and its CSP hash with it. Undefined when the page has no such script under a known hash.
 */
export function withRuntimeSettings(
  html: Buffer,
  scriptHashes: readonly string[],
  settings: string,
): { html: Buffer; scriptHashes: string[] } | undefined {
  const text = html.toString("utf8");
  const at = text.indexOf("window.__PUBLIC_ENV__=");
  const start = text.lastIndexOf("<script", at);
  const open = text.indexOf(">", start);
  const end = text.indexOf("</script", at);
  if (at < 0 || start < 0 || open < 0 || open > at || end < 0) return undefined;
  const script = text.slice(open + 1, end);
  const built = /window\.__PUBLIC_ENV__=.*?;(?=window\.__HOST_THEME__)/s.exec(script);
  const oldHash = sha256Source(script);
  if (!built || !scriptHashes.includes(oldHash)) return undefined;
  if (built[0] === settings) return { html, scriptHashes: [...scriptHashes] };
  const rewritten = script.replace(built[0], () => settings);
  const newHash = sha256Source(rewritten);
  return {
    html: Buffer.from(text.slice(0, open + 1) + rewritten + text.slice(end), "utf8"),
    scriptHashes: scriptHashes.map((hash) => (hash === oldHash ? newHash : hash)),
  };
}

/**
 * Prerendered pages (written at build by scripts/prerender.ts) seed the page cache as stale entries: the
 * first visitor gets the built HTML at once and a background render refreshes it, so a page is never
 * frozen until the next build. Their document shell carries the running server's public settings, not the
 * build machine's. Returns the prerendered paths for builds/meta.
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
      const shell = withRuntimeSettings(
        readFileSync(path.join(PRERENDER_DIR, page.html)),
        page.scriptHashes,
        settings,
      );
      if (!shell) {
        logger.warn({ path: page.path }, "prerendered page has no settings script; rendering on demand");
        continue;
      }
      loaded.push(page.path);
      const payload = readFileSync(path.join(PRERENDER_DIR, page.payload));
      const common = { status: 200, tags: page.tags, storedAt: 0 };
      cache.set(PageCache.key({ kind: "html", buildId, layoutKey: "default", path: page.path }), {
        ...common,
        headers: page.headers,
        body: shell.html,
        scriptHashes: shell.scriptHashes,
      });
      cache.set(PageCache.key({ kind: "payload", buildId, layoutKey: "payload", path: page.path }), {
        ...common,
        headers: SHARED_PAYLOAD_HEADERS,
        body: payload,
      });
    }
    return loaded;
  } catch (error) {
    logger.warn({ err: error }, "prerendered pages could not be loaded; rendering on demand");
    return [];
  }
}
