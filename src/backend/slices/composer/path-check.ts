import { composerTexts } from "@/src/lib/messages/composer";
import { composerPageTexts as say } from "@/src/lib/messages/composer-pages";
import type { StoredEntry } from "./stores/content-store";

/** `/`, or segments of lowercase letters and digits joined by single hyphens, without a trailing slash. */
const PAGE_PATH = /^\/$|^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;
/**
 * Whether a page may take a path (issue 44: "path with a collision check"), for the live check while an
 * editor types and for every save: its shape, another page's path, a published redirect's source (unless
 * that redirect leads to this very page: it is what the page left when it moved, and goes offline when the
 * page moves back), and the shop's own routes that are no CMS page (`/winkelmandje`, `/mijn/saldo`...).
 */
export type PathContext = {
  pageId: string | undefined;
  /** Every page and redirect entry of the store. */
  entries: readonly StoredEntry[];
  /** The shop's own routes as React Router writes them (`winactie/:pageId`), without CMS catch-alls. */
  shopRoutes: readonly string[];
};

/** The Dutch problems of a path's shape; none when it holds. */
export function pathShapeProblems(path: string): string[] {
  if (path === "") return [say.pathEmpty];
  if (PAGE_PATH.test(path)) return [];
  if (!path.startsWith("/")) return [say.pathNoSlash];
  if (path.length > 1 && path.endsWith("/")) return [say.pathTrailingSlash];
  if (path !== path.toLowerCase()) return [say.pathUppercase];
  return [composerTexts.pathInvalid];
}

/** What else has the path already: another page, a redirect, a route of the shop. */
export function pathConflicts(
  path: string,
  context: PathContext,
): { otherPage?: string; problems: string[] } {
  const own = context.entries.find((entry) => entry.id === context.pageId);
  const ownPaths = new Set([own?.fields.path, own?.publishedFields?.path].filter(Boolean));
  const problems: string[] = [];
  const otherPage = context.entries.find(
    (entry) =>
      entry.contentType === "page" &&
      entry.id !== context.pageId &&
      (entry.fields.path === path || entry.publishedFields?.path === path),
  );
  if (otherPage) problems.push(composerTexts.pathTaken(path));
  for (const entry of context.entries) {
    const rule = entry.contentType === "redirect" ? entry.publishedFields : undefined;
    if (!rule || entry.publishedVersion === undefined || rule.from !== path) continue;
    if (!ownPaths.has(rule.to)) problems.push(say.pathRedirect(path, String(rule.to)));
  }
  // Some routes of the shop show a page's content (`/loten`): the page that has such a path keeps it.
  if (!ownPaths.has(path) && context.shopRoutes.some((route) => routeMatches(route, path)))
    problems.push(say.pathShopRoute(path));
  return { otherPage: otherPage?.id, problems };
}

/** Every problem of a path, shape first; an empty list means the path is free for this page. */
export function pathProblems(path: string, context: PathContext): string[] {
  const shape = pathShapeProblems(path);
  return shape.length > 0 ? shape : pathConflicts(path, context).problems;
}

function routeMatches(route: string, path: string): boolean {
  const routeParts = route.split("/").filter(Boolean);
  const pathParts = path.split("/").filter(Boolean);
  if (routeParts.length !== pathParts.length) return false;
  return routeParts.every((part, index) => part.startsWith(":") || part === pathParts[index]);
}
