// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A route manifest of the shape React Router puts in the page: a layout with six child routes. */
const manifest = {
  routes: {
    root: { id: "root", path: "", module: "/assets/root.js" },
    layout: { id: "layout", parentId: "root", module: "/assets/layout.js" },
    home: { id: "home", parentId: "layout", index: true, module: "/assets/home.js" },
    tickets: { id: "tickets", parentId: "layout", path: "loten", module: "/assets/tickets.js" },
    results: {
      id: "results",
      parentId: "layout",
      path: "trekkingsuitslag",
      module: "/assets/results.js",
      imports: ["/assets/draws.js"],
    },
    basket: { id: "basket", parentId: "layout", path: "winkelmandje", module: "/assets/basket.js" },
    login: { id: "login", parentId: "layout", path: "inloggen", module: "/assets/login.js" },
    account: { id: "account", parentId: "layout", path: "mijn", module: "/assets/account.js" },
  },
};

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>("link[rel='modulepreload']")].map((link) =>
    link.getAttribute("href"),
  );

const settle = (href: string, outcome: "load" | "error") => {
  const link = document.head.querySelector<HTMLLinkElement>(`link[rel='modulepreload'][href='${href}']`);
  if (!link) throw new Error(`no preload of ${href}`);
  link.dispatchEvent(new Event(outcome));
};

/** Lets the limiter start the next load (its bookkeeping runs in promise callbacks). */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function freshPrefetch() {
  vi.resetModules();
  return (await import("./route-prefetch")).prefetchLinkedRoutes;
}

beforeEach(() => {
  window.history.replaceState(null, "", "/winkelmandje");
  window.__reactRouterManifest = manifest;
  document.head.innerHTML = "";
  document.body.innerHTML = `
    <a href="/">Home</a>
    <a href="/loten">Loten</a>
    <a href="/trekkingsuitslag">Uitslagen</a>
    <a href="/winkelmandje">Winkelmandje</a>
    <a href="/inloggen">Inloggen</a>
    <a href="/mijn">Mijn account</a>
    <a href="https://example.org/loten">Elders</a>`;
});

afterEach(() => {
  window.__reactRouterManifest = undefined;
});

describe("prefetchLinkedRoutes", () => {
  it("preloads the linked routes' chunks without running them, four at a time", async () => {
    const prefetchLinkedRoutes = await freshPrefetch();
    prefetchLinkedRoutes();

    // Root and layout first (every path needs them), then the home page and the shop: four in flight.
    expect(preloads()).toEqual([
      "/assets/root.js",
      "/assets/layout.js",
      "/assets/home.js",
      "/assets/tickets.js",
    ]);

    settle("/assets/root.js", "load");
    await flush();
    expect(preloads()).toHaveLength(5);
    expect(preloads()).toContain("/assets/results.js");

    for (const href of ["/assets/layout.js", "/assets/home.js", "/assets/tickets.js", "/assets/results.js"])
      settle(href, "load");
    await flush();
    settle("/assets/draws.js", "load");
    settle("/assets/login.js", "load");
    await flush();

    // The results route's own import too; never the page the player is on, nor another site's link.
    expect(new Set(preloads())).toEqual(
      new Set([
        "/assets/root.js",
        "/assets/layout.js",
        "/assets/home.js",
        "/assets/tickets.js",
        "/assets/results.js",
        "/assets/draws.js",
        "/assets/login.js",
        "/assets/account.js",
      ]),
    );
    expect(document.querySelectorAll("script")).toHaveLength(0);
  });

  it("asks for a chunk once, and again after its load failed", async () => {
    const prefetchLinkedRoutes = await freshPrefetch();
    document.body.innerHTML = `<a href="/loten">Loten</a>`;
    prefetchLinkedRoutes();
    for (const href of ["/assets/root.js", "/assets/layout.js"]) settle(href, "load");
    settle("/assets/tickets.js", "error");
    await flush();
    expect(preloads()).toEqual(["/assets/root.js", "/assets/layout.js"]);

    prefetchLinkedRoutes();
    expect(preloads()).toEqual(["/assets/root.js", "/assets/layout.js", "/assets/tickets.js"]);
  });
});
