/**
 * Scripts after the first paint (issue 21, decision 15). React Router writes a `<link rel="modulepreload">`
 * for every chunk of the page (thirty and more on a page with a form) and a module script that imports the
 * route modules; the browser requests all of them while it is still waiting for the stylesheet and the
 * hero image, and on a slow connection they share its bandwidth: the first paint waited for JavaScript
 * that nothing on screen needs (the forms work without it, decision 12).
 *
 * The document is rewritten so nothing of the JavaScript is requested before the page has been painted:
 * the modulepreload links are taken out of the markup, and the module script first waits for a rendered
 * frame, then adds the same links (all chunks in parallel, as before) and imports the route modules. The
 * rest of React Router's script, and so hydration, is unchanged. A page in a background tab is not
 * painted: it loads at once.
 */

/** React Router's module script: static imports of the route modules, the manifest, the entry's import. */
const ROUTER_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^\s*import \* as (route\d+) from ("\/[^"\n]+\.js");\s*$/gm;
const MODULEPRELOAD = /<link rel="modulepreload" href="(\/[^"]+\.js)"[^>]*\/?>/g;

/** Resolves after the browser has painted a frame (or at once in a tab that is not shown). */
const AFTER_PAINT =
  'await new Promise((painted) => document.visibilityState === "hidden" ? painted() : requestAnimationFrame(() => setTimeout(painted)));';

/**
 * The document with its scripts requested after the first paint, or as it was when it has no React
 * Router module script to defer (a page without scripts keeps its markup untouched).
 */
export function deferScriptsUntilPainted(html: string): string {
  const script = ROUTER_SCRIPT.exec(html);
  if (!script) return html;
  const [element, openTag = "", body = "", closeTag = ""] = script;
  const routes = [...body.matchAll(ROUTE_IMPORT)].map(([, name = "", from = ""]) => ({ name, from }));
  if (routes.length === 0 || !body.includes("window.__reactRouterRouteModules")) return html;

  const chunks = [...new Set([...html.matchAll(MODULEPRELOAD)].map(([, href = ""]) => href))];
  const deferredBody = [
    AFTER_PAINT,
    `for (const href of ${JSON.stringify(chunks)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${routes.map((route) => route.name).join(", ")}] = await Promise.all([${routes
      .map((route) => `import(${route.from})`)
      .join(", ")}]);`,
    body.replace(ROUTE_IMPORT, "").trim(),
  ].join("\n");

  const start = script.index;
  const withDeferredScript = `${html.slice(0, start)}${openTag}${deferredBody}${closeTag}${html.slice(start + element.length)}`;
  return withDeferredScript.replace(MODULEPRELOAD, "");
}
