import { matchRoutes, type RouteObject } from "react-router";
import { createLimiter } from "./concurrency";

/**
 * Route prefetch (spec section 9): the chunks of routes linked from the page are loaded ahead of a click,
 * at most 4 chunk loads at once, starting about 1 second after mount.
 *
 * Each chunk is fetched and compiled with a `<link rel="modulepreload">`, not evaluated: evaluating a
 * linked route's module would start its view's code (decision 16) and build its schemas on the main
 * thread while the player is still reading this page (a long task on a slow phone). The click evaluates
 * it, from the browser's module map.
 */
export const MAX_PARALLEL_CHUNK_LOADS = 4;

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};
type Manifest = { routes: Record<string, ManifestRoute> };

declare global {
  interface Window {
    __reactRouterManifest?: Manifest;
  }
}

function toRouteTree(manifest: Manifest): RouteObject[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest.routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, children: build(route.id) },
    );
  return build(undefined);
}

const limit = createLimiter(MAX_PARALLEL_CHUNK_LOADS);
const requested = new Set<string>();

/** The module URLs a path needs that have not been requested yet. */
export function modulesForPath(manifest: Manifest, pathname: string): string[] {
  const matches = matchRoutes(toRouteTree(manifest), pathname) ?? [];
  return matches
    .map((match) => manifest.routes[match.route.id as string])
    .flatMap((route) => (route ? [route.module, ...(route.imports ?? [])] : []))
    .filter((url) => !requested.has(url));
}

/** Fetches and compiles one module without running it; settles when the browser has it (or failed). */
function preloadModule(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = url;
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener(
      "error",
      () => {
        link.remove();
        reject(new Error(`Could not preload ${url}`));
      },
      { once: true },
    );
    document.head.append(link);
  });
}

export function prefetchLinkedRoutes(root: ParentNode = document): void {
  const manifest = window.__reactRouterManifest;
  if (!manifest) return;
  const paths = new Set<string>();
  for (const anchor of root.querySelectorAll<HTMLAnchorElement>("a[href^='/']")) {
    if (anchor.origin === window.location.origin && anchor.pathname !== window.location.pathname)
      paths.add(anchor.pathname);
  }
  for (const path of paths) {
    for (const url of modulesForPath(manifest, path)) {
      requested.add(url);
      // A chunk that failed (a network blip) may be tried again by a later prefetch.
      void limit(() => preloadModule(url)).catch(() => requested.delete(url));
    }
  }
}
