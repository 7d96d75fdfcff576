import { describe, expect, it } from "vitest";
import { deferScriptsUntilPainted } from "./scripts-after-paint";

const ROUTER_SCRIPT = `<script nonce="abc" type="module" async="">;
import * as route0 from "/assets/root-1.js";
import * as route1 from "/assets/tickets-2.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-3.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/tickets":route1};

import("/assets/entry.client-3.js");</script>`;

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="nl"><head><link rel="stylesheet" href="/assets/app-1.css"/>${head}</head><body><main>Loten</main>${body}</body></html>`;

const PRELOADS =
  '<link rel="modulepreload" href="/assets/framework-4.js"/><link rel="modulepreload" href="/assets/entry.client-3.js" nonce="abc"/><link rel="modulepreload" href="/assets/root-1.js" nonce="abc"/><link rel="modulepreload" href="/assets/framework-4.js" nonce="abc"/>';

describe("deferScriptsUntilPainted", () => {
  const html = deferScriptsUntilPainted(page(PRELOADS, ROUTER_SCRIPT));
  const script = /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

  it("leaves no script or chunk for the browser to request before the page is painted", () => {
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toMatch(/^\s*import \* as/m);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app-1.css"/>');
    expect(html).toContain("<main>Loten</main>");
  });

  it("waits for a painted frame, then preloads every chunk once and imports the route modules", () => {
    const waits = script.indexOf("requestAnimationFrame");
    const preloads = script.indexOf(
      '["/assets/framework-4.js","/assets/entry.client-3.js","/assets/root-1.js"]',
    );
    const imports = script.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root-1.js"), import("/assets/tickets-2.js")]);',
    );
    expect(waits).toBeGreaterThanOrEqual(0);
    expect(preloads).toBeGreaterThan(waits);
    expect(imports).toBeGreaterThan(preloads);
    expect(script).toContain('document.visibilityState === "hidden"');
  });

  it("keeps the rest of React Router's script as it was, after the imports", () => {
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/tickets":route1};');
    expect(script.trimEnd().endsWith('import("/assets/entry.client-3.js");')).toBe(true);
  });

  it("runs as JavaScript: the route modules arrive under the names the script uses", async () => {
    const imported: string[] = [];
    const appended: string[] = [];
    const run = new Function(
      "document",
      "requestAnimationFrame",
      "importModule",
      "window",
      `return (async () => { ${script.replaceAll("import(", "importModule(")} })();`,
    );
    const window: Record<string, unknown> = {};
    await run(
      {
        visibilityState: "visible",
        createElement: () => ({}),
        head: { append: (link: { href: string }) => appended.push(link.href) },
      },
      (callback: () => void) => setTimeout(callback),
      async (path: string) => {
        imported.push(path);
        return { path };
      },
      window,
    );
    expect(appended).toEqual(["/assets/framework-4.js", "/assets/entry.client-3.js", "/assets/root-1.js"]);
    expect(imported).toEqual(["/assets/root-1.js", "/assets/tickets-2.js", "/assets/entry.client-3.js"]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { path: "/assets/root-1.js" },
      "routes/tickets": { path: "/assets/tickets-2.js" },
    });
  });

  it("leaves a document without React Router's module script untouched", () => {
    const plain = page(PRELOADS, "<script>window.a = 1;</script>");
    expect(deferScriptsUntilPainted(plain)).toBe(plain);
  });
});
