/**
 * The `http_route` label of a request (decision 23): the template of what answered it, never the path
 * itself, so no id, code or e-mail address reaches a label. A path no template matches, and a catch-all
 * that answered 404, fold into one `other` route.
 */
export const OTHER_ROUTE = "other";

/** A template with `{name}` placeholders for one segment and a trailing `*` for any rest (`/mijn/*`). */
export type RouteTemplateSource = { template: string; method?: string };

type Compiled = {
  template: string;
  method: string | undefined;
  segments: readonly string[];
  wildcard: boolean;
  literals: number;
};

const PAYLOAD_SUFFIX = "/_payload.json";
const PAYLOAD_ROUTE = "/*/_payload.json";

function compile(source: RouteTemplateSource): Compiled {
  const parts = source.template.split("/").filter(Boolean);
  const wildcard = parts.at(-1) === "*";
  const segments = wildcard ? parts.slice(0, -1) : parts;
  return {
    template: source.template,
    method: source.method?.toUpperCase(),
    segments,
    wildcard,
    literals: segments.filter((segment) => !segment.startsWith("{")).length,
  };
}

/** The more specific template first: fixed before wildcard, more literal segments before placeholders. */
function bySpecificity(a: Compiled, b: Compiled): number {
  if (a.wildcard !== b.wildcard) return a.wildcard ? 1 : -1;
  if (a.segments.length !== b.segments.length) return b.segments.length - a.segments.length;
  return b.literals - a.literals;
}

function matches(route: Compiled, method: string, parts: readonly string[]): boolean {
  if (route.method && route.method !== method && !(route.method === "GET" && method === "HEAD")) return false;
  if (route.wildcard ? parts.length < route.segments.length : parts.length !== route.segments.length)
    return false;
  return route.segments.every((segment, index) => segment.startsWith("{") || segment === parts[index]);
}

/** The route classifier of one process: built once from its templates, asked once per answered request. */
export function createRouteTemplates(sources: readonly RouteTemplateSource[]) {
  const compiled = sources.map(compile).sort(bySpecificity);
  const exact = new Map<string, Compiled[]>();
  const wildcards: Compiled[] = [];
  for (const route of compiled) {
    if (route.wildcard) {
      wildcards.push(route);
      continue;
    }
    const first = route.segments[0] ?? "";
    const key = first.startsWith("{") ? "{" : first;
    exact.set(key, [...(exact.get(key) ?? []), route]);
  }

  const find = (method: string, parts: readonly string[]): Compiled | undefined =>
    (exact.get(parts[0] ?? "") ?? []).find((route) => matches(route, method, parts)) ??
    (exact.get("{") ?? []).find((route) => matches(route, method, parts)) ??
    wildcards.find((route) => matches(route, method, parts));

  return {
    /** The template for a request answered with `status`; `other` when none, or a catch-all's 404. */
    routeOf(method: string, url: string, status: number): string {
      const queryAt = url.indexOf("?");
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      if (path.endsWith(PAYLOAD_SUFFIX)) return status === 404 ? OTHER_ROUTE : PAYLOAD_ROUTE;
      const route = find(method.toUpperCase(), path.split("/").filter(Boolean));
      if (!route) return OTHER_ROUTE;
      if (route.wildcard && status === 404) return OTHER_ROUTE;
      return route.template;
    },
  };
}

export type RouteTemplates = ReturnType<typeof createRouteTemplates>;

/** React Router's route paths (`winactie/:pageId`, `mijn/*`) as templates (`/winactie/{pageId}`). */
export function reactRouterTemplates(
  routes: Record<string, { path?: string; index?: boolean; parentId?: string } | undefined>,
): RouteTemplateSource[] {
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const templates = new Set<string>();
  for (const [id, route] of Object.entries(routes)) {
    if (!route || (!route.path && !route.index)) continue;
    const path = fullPath(id).replace(/\/+/g, "/") || "/";
    templates.add(path.replace(/:(\w+)\??/g, "{$1}"));
  }
  return [...templates].map((template) => ({ template }));
}
