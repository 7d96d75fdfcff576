// Runs after `react-router build`: renders the pages flagged for prerendering (and the home page) through
// the real server, and writes their HTML and _payload.json to build/prerendered/ (DESIGN section 4).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PagePayload } from "@/src/cms/page-payload";
import { PRERENDER_DIR, type PrerenderManifest } from "@/src/server/ssr/prerendered";

import { startBuiltServer } from "./built-server";

const outDir = PRERENDER_DIR;
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
    const payloadResponse = await fetch(`${server.url}${pagePath === "/" ? "" : pagePath}/_payload.json`);
    if (html.status !== 200 || payloadResponse.status !== 200)
      throw new Error(`prerender of ${pagePath} answered ${html.status}/${payloadResponse.status}`);
    const nonce = html.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1] ?? "";
    const payload = (await payloadResponse.json()) as PagePayload;
    const slug = pagePath === "/" ? "index" : pagePath.slice(1).replace(/\//g, "__");
    writeFileSync(path.join(outDir, `${slug}.html`), Buffer.from(await html.arrayBuffer()));
    writeFileSync(path.join(outDir, `${slug}.payload.json`), JSON.stringify(payload));
    manifest.pages.push({
      path: pagePath,
      html: `${slug}.html`,
      payload: `${slug}.payload.json`,
      nonce,
      tags: [...(payload.page?.tags ?? []), `path:${pagePath}`],
      headers: [
        ["content-type", "text/html; charset=utf-8"],
        ["cache-control", html.headers.get("cache-control") ?? "public, max-age=60"],
      ],
    });
  }
  writeFileSync(path.join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`prerendered ${manifest.pages.length} pages: ${paths.join(", ")}`);
} finally {
  await server.shutdown();
}
