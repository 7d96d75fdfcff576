import type { PortalParams } from "@/src/domain/portal/portal-params";
import { redirectTargetOptions, safeRedirectTarget } from "@/src/domain/portal/redirect-target";
import type { RequestContext } from "@/src/shop/app/request-context";

/** The portal's own query parameters (spec section 2); the pages pass on no others. */
const PORTAL_PARAMETERS = ["returnUrl", "cancelUrl", "regVertical", "skipCompletionFlow"];

/**
 * The portal's query parameters of a page request (spec section 2), with redirect targets made safe.
 * `query` keeps only the portal's parameters, as sent: links between the portal's pages and the forms'
 * addresses carry them on, but nothing else an address held (a password an old page sent by GET).
 */
export function portalParams(request: Request, ctx: RequestContext): PortalParams {
  const url = new URL(request.url);
  const options = redirectTargetOptions(ctx.services.config);
  const cancel = url.searchParams.get("cancelUrl");
  const vertical = url.searchParams.get("regVertical");
  const kept = new URLSearchParams(
    [...url.searchParams].filter(([name]) => PORTAL_PARAMETERS.includes(name)),
  ).toString();
  return {
    returnUrl: safeRedirectTarget(url.searchParams.get("returnUrl"), options),
    cancelUrl: cancel ? safeRedirectTarget(cancel, options) : undefined,
    regVertical: vertical && /^[\w-]{1,40}$/.test(vertical) ? vertical : undefined,
    skipCompletionFlow: url.searchParams.get("skipCompletionFlow") === "true",
    query: kept ? `?${kept}` : "",
  };
}
