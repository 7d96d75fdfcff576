import { data, type MiddlewareFunction, redirect, redirectDocument } from "react-router";
import { isAbsoluteUrl, resolveRouteRules } from "@/src/lib/route-rules";
import { requestContext } from "@/src/shop/app/request-context";
import { runRouteMiddleware } from "./registry.server";

/**
 * Applies the route rules to every document and data request (spec section 2): an HTTP-layer error,
 * then a redirect (relative: client-side navigation; absolute: a full page load), then named middleware.
 */
export const routeRulesMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const ctx = context.get(requestContext);
  if (ctx.httpError) throw data(null, { status: ctx.httpError.status });

  const url = new URL(request.url);
  const rules = resolveRouteRules(await ctx.services.routeRules(), url.pathname);
  if (rules.redirect) {
    const status = rules.redirect.permanent ? 301 : 302;
    if (isAbsoluteUrl(rules.redirect.to)) throw redirectDocument(rules.redirect.to, status);
    throw redirect(rules.redirect.to + (rules.redirect.to.includes("?") ? "" : url.search), status);
  }
  await runRouteMiddleware(rules.appMiddleware, { request, url, context: ctx });
  return next();
};
