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
 *
 * The chunks are then run one at a time, each in a task of its own, in the order the module graph would
 * run them (every chunk after its imports), before the route modules are imported. A browser runs a
 * module graph in one task: React DOM, zod with the contract's schemas and the page's own code together
 * kept the main thread from answering input for hundreds of milliseconds on a slow phone (the total
 * blocking time of Lighthouse's mobile run). One chunk per task leaves the browser free to handle a tap
 * between them (a message between chunks, which a background tab does not slow down as it does timers);
 * what runs, and in which order, does not change. The entry module runs last, as before,
 * from React Router's own script, after the route modules are registered.
 */

/** React Router's module script: static imports of the route modules, the manifest, the entry's import. */
const ROUTER_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^\s*import \* as (route\d+) from ("\/[^"\n]+\.js");\s*$/gm;
const MODULEPRELOAD = /<link rel="modulepreload" href="(\/[^"]+\.js)"[^>]*\/?>/g;
/** The modules React Router's script imports itself once the routes are registered: the entry. */
const DYNAMIC_IMPORT = /\bimport\(("\/[^"\n]+\.js")\)/g;

/** Resolves after the browser has painted a frame (or at once in a tab that is not shown). */
const AFTER_PAINT =
  'await new Promise((painted) => document.visibilityState === "hidden" ? painted() : requestAnimationFrame(() => setTimeout(painted)));';

/**
 * Lets the browser handle what is waiting (input, rendering) before the next chunk runs. A message, not a
 * timer: a tab in the background gets its timers at most once a second, not its messages.
 */
const NEXT_TASK =
  "const nextTask = () => new Promise((next) => { const channel = new MessageChannel(); channel.port1.onmessage = () => next(); channel.port2.postMessage(null); });";

/**
 * The document with its scripts requested after the first paint, or as it was when it has no React
 * Router module script to defer (a page without scripts keeps its markup untouched). `evaluationOrder`
 * puts the page's chunks in the order they run (each after its imports; see `inEvaluationOrder`).
 */
export function deferScriptsUntilPainted(
  html: string,
  evaluationOrder: (chunks: readonly string[]) => readonly string[] = (chunks) => chunks,
): string {
  const script = ROUTER_SCRIPT.exec(html);
  if (!script) return html;
  const [element, openTag = "", body = "", closeTag = ""] = script;
  const routes = [...body.matchAll(ROUTE_IMPORT)].map(([, name = "", from = ""]) => ({ name, from }));
  if (routes.length === 0 || !body.includes("window.__reactRouterRouteModules")) return html;

  const chunks = [...new Set([...html.matchAll(MODULEPRELOAD)].map(([, href = ""]) => href))];
  const entries = new Set(
    [...body.matchAll(DYNAMIC_IMPORT)].map(([, from = ""]) => JSON.parse(from) as string),
  );
  const runFirst = evaluationOrder(chunks).filter((href) => !entries.has(href));
  const deferredBody = [
    AFTER_PAINT,
    `for (const href of ${JSON.stringify(chunks)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    NEXT_TASK,
    `for (const href of ${JSON.stringify(runFirst)}) { await import(href); await nextTask(); }`,
    `const [${routes.map((route) => route.name).join(", ")}] = await Promise.all([${routes
      .map((route) => `import(${route.from})`)
      .join(", ")}]);`,
    body.replace(ROUTE_IMPORT, "").trim(),
  ].join("\n");

  const start = script.index;
  const withDeferredScript = `${html.slice(0, start)}${openTag}${deferredBody}${closeTag}${html.slice(start + element.length)}`;
  return withDeferredScript.replace(MODULEPRELOAD, "");
}
