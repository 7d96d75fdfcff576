/**
 * Route rules (spec section 2, section 7 `builds/meta/{buildId}.json`): the one config module for
 * redirects, prerendering and named route middleware. Matchers: an exact path, `*` for one segment,
 * and a trailing `/**` for a path and everything below it.
 */
export type RouteRule = {
  matcher: string;
  /** A relative target navigates client-side; an absolute one (`https://...`) causes a full page load. */
  redirect?: { to: string; permanent?: boolean };
  prerendered?: boolean;
  appMiddleware?: string[];
};

/** The operator's rules of participation live on its own site (spec section 9). */
export const RULES_OF_PARTICIPATION_URL = "https://www.kroonloterij.example/spelregels";

export const routeRules: RouteRule[] = [
  // The home page is not prerendered: it shows an experiment, a copy per group (issue 43 item 5).
  { matcher: "/mijn/**", appMiddleware: ["auth"] },
  { matcher: "/afrekenen/**", appMiddleware: ["auth"] },
  { matcher: "/uitslag", redirect: { to: "/trekkingsuitslag", permanent: true } },
  { matcher: "/lotenkopen", redirect: { to: "/loten", permanent: true } },
  { matcher: "/spelregels", redirect: { to: RULES_OF_PARTICIPATION_URL } },
];

function matcherToRegExp(matcher: string): RegExp {
  const subtree = matcher.endsWith("/**");
  const base = subtree ? matcher.slice(0, -3) : matcher;
  const pattern = base
    .split("/")
    .map((segment) => (segment === "*" ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(subtree ? `^${pattern}(?:/.*)?$` : `^${pattern}$`);
}

const compiled = new WeakMap<RouteRule, RegExp>();

export function ruleMatches(rule: RouteRule, pathname: string): boolean {
  let regexp = compiled.get(rule);
  if (!regexp) {
    regexp = matcherToRegExp(rule.matcher);
    compiled.set(rule, regexp);
  }
  return regexp.test(pathname);
}

/** All rules that apply to a path, merged: the first redirect wins, middleware names add up in order. */
export function resolveRouteRules(rules: readonly RouteRule[], pathname: string) {
  const matching = rules.filter((rule) => ruleMatches(rule, pathname));
  return {
    redirect: matching.find((rule) => rule.redirect)?.redirect,
    prerendered: matching.some((rule) => rule.prerendered),
    appMiddleware: [...new Set(matching.flatMap((rule) => rule.appMiddleware ?? []))],
  };
}

export function isAbsoluteUrl(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(target);
}
