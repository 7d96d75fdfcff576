import { redirect } from "react-router";
import type { Config } from "@/src/config/env.server";
import {
  absoluteReturnUrl,
  redirectTargetOptions,
  safeRedirectTarget,
} from "@/src/domain/portal/redirect-target";
import type { RequestContext } from "@/src/shop/app/request-context";

/**
 * Named route middleware (spec section 2). Routes name them through the route rules, CMS pages through
 * their `middleware` field. A name that is not registered is a configuration error: it fails with
 * `Unknown route middleware` and the page shows the error page.
 */
export type RouteMiddlewareArgs = { request: Request; url: URL; context: RequestContext };
export type RouteMiddleware = (args: RouteMiddlewareArgs) => void | Promise<void>;

export class UnknownRouteMiddlewareError extends Error {
  constructor(readonly middlewareName: string) {
    super(`Unknown route middleware: '${middlewareName}'`);
    this.name = "UnknownRouteMiddlewareError";
  }
}

/**
 * The portal login address for a return path, on the embedded portal or the operator's (PORTAL_ORIGIN).
 * The operator's portal is another site, so the return address names this shop's origin.
 */
export function portalUrl(page: "inloggen" | "aanmelden", returnPath: string, config: Config): string {
  const options = redirectTargetOptions(config);
  const returnUrl = config.portalOrigin
    ? absoluteReturnUrl(returnPath, options)
    : safeRedirectTarget(returnPath, options);
  const query = new URLSearchParams({ returnUrl });
  return `${config.portalOrigin?.replace(/\/$/, "") ?? ""}/${page}?${query}`;
}

const auth: RouteMiddleware = async ({ url, context }) => {
  if (await context.player()) return;
  throw redirect(portalUrl("inloggen", url.pathname + url.search, context.services.config));
};

const guest: RouteMiddleware = async ({ context }) => {
  if (await context.player()) throw redirect("/mijn");
};

export const routeMiddleware = { auth, guest } satisfies Record<string, RouteMiddleware>;

export type RouteMiddlewareName = keyof typeof routeMiddleware;

/** Runs named middleware in order; every name is checked before any of them runs. */
export async function runRouteMiddleware(names: readonly string[], args: RouteMiddlewareArgs): Promise<void> {
  const resolved = names.map((name) => {
    if (!Object.hasOwn(routeMiddleware, name)) throw new UnknownRouteMiddlewareError(name);
    return routeMiddleware[name as RouteMiddlewareName];
  });
  for (const middleware of resolved) await middleware(args);
}
