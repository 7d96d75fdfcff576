import type { RequestContext } from "@/src/app/request-context";
import type { PortalParams } from "@/src/domain/portal/portal-params";
import { redirectTargetOptions, safeRedirectTarget } from "@/src/domain/portal/redirect-target";

/** The portal's query parameters of a page request (spec section 2), with redirect targets made safe. */
export function portalParams(request: Request, ctx: RequestContext): PortalParams {
  const url = new URL(request.url);
  const options = redirectTargetOptions(ctx.services.config);
  const cancel = url.searchParams.get("cancelUrl");
  const vertical = url.searchParams.get("regVertical");
  return {
    returnUrl: safeRedirectTarget(url.searchParams.get("returnUrl"), options),
    cancelUrl: cancel ? safeRedirectTarget(cancel, options) : undefined,
    regVertical: vertical && /^[\w-]{1,40}$/.test(vertical) ? vertical : undefined,
    skipCompletionFlow: url.searchParams.get("skipCompletionFlow") === "true",
    query: url.search,
  };
}
