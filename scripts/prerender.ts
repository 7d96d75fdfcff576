// Runs after `react-router build`: renders the pages flagged for prerendering (and the home page) through
// the real server, and writes their HTML and _payload.json to build/prerendered/ (DESIGN section 4).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PRERENDER_DIR, type PrerenderManifest } from "@/src/server/ssr/prerendered";
import type { PagePayload } from "@/src/shop/cms/page-payload";

import { startBuiltServer } from "./built-server";

const outDir = PRERENDER_DIR;

/**
 * The hashes the server computed when it cached the page (the HTML comes from the page cache, without
 * the nonce it was rendered with); a page the cache refused still carries its nonce and fails the build.
 */
function scriptHashesOf(pagePath: string, policy: string): string[] {
  const scriptSources = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.trim().split(/\s+/) ?? [];
  if (
    !scriptSources.includes("'strict-dynamic'") ||
    scriptSources.some((source) => source.startsWith("'nonce-"))
  )
    throw new Error(
      `prerender of ${pagePath} was not served from the page cache: it has no hash-based policy`,
    );
  return scriptSources.filter((source) => source.startsWith("'sha256-"));
}

const { id: buildId } = JSON.parse(readFileSync("build/meta.json", "utf8")) as { id: string };
const server = await startBuiltServer();

try {
  const entries = await server.services.cms.listPages(false);
  const paths = entries
    .filter((entry) => entry.fields.prerender === true || entry.fields.path === "/")
    .map((entry) => String(entry.fields.path))
    .sort();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const manifest: PrerenderManifest = { buildId, pages: [] };
  for (const pagePath of paths) {
    const html = await fetch(`${server.url}${pagePath}`);
    // A page showing an experiment has a copy per group, drawn per visitor: it is rendered on demand.
    if (html.headers.getSetCookie().some((cookie) => /^(?:__Secure-)?kl_exp=/.test(cookie))) {
      await html.arrayBuffer();
      console.log(`not prerendered: ${pagePath} shows an experiment (a copy per group, rendered on demand)`);
      continue;
    }
    const payloadResponse = await fetch(`${server.url}${pagePath === "/" ? "" : pagePath}/_payload.json`);
    if (html.status !== 200 || payloadResponse.status !== 200)
      throw new Error(`prerender of ${pagePath} answered ${html.status}/${payloadResponse.status}`);
    const scriptHashes = scriptHashesOf(pagePath, html.headers.get("content-security-policy") ?? "");
    const payload = (await payloadResponse.json()) as PagePayload;
    const slug = pagePath === "/" ? "index" : pagePath.slice(1).replace(/\//g, "__");
    const markup = Buffer.from(await html.arrayBuffer());
    // Everyone gets these files: a nonce in them would be everyone's (issue 13).
    if (/\snonce=/.test(markup.toString("utf8"))) throw new Error(`prerender of ${pagePath} carries a nonce`);
    writeFileSync(path.join(outDir, `${slug}.html`), markup);
    writeFileSync(path.join(outDir, `${slug}.payload.json`), JSON.stringify(payload));
    manifest.pages.push({
      path: pagePath,
      html: `${slug}.html`,
      payload: `${slug}.payload.json`,
      scriptHashes,
      tags: [...(payload.page?.tags ?? []), `path:${pagePath}`],
      headers: [
        ["content-type", "text/html; charset=utf-8"],
        ["cache-control", html.headers.get("cache-control") ?? "public, max-age=60"],
      ],
    });
  }
  writeFileSync(path.join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `prerendered ${manifest.pages.length} pages: ${manifest.pages.map((page) => page.path).join(", ")}`,
  );
} finally {
  await server.shutdown();
}
