import { configuredPartnerHost } from "@/src/domain/affiliate-tickets/affiliate-rules";
import { HttpProblem } from "./problem-error";
import type { HandlerContext } from "./router";

/**
 * Spec section 7: a call made from a CMS page names that page in `Cms-Page-Id`, and on a partner's host (or
 * with the partner in the page's query) the partner in `Cms-Affiliate-Host`. The page flows (gift and
 * affiliate tickets) check them: a header naming another page than the call's is refused (400), as is a
 * missing one where the flow needs it.
 */
export function checkPageHeader(context: HandlerContext, pageId: string, required: boolean): void {
  const sent = context.req.get("cms-page-id");
  if (sent === undefined || sent === "") {
    if (required) throw new HttpProblem(400, { detail: "The Cms-Page-Id header is required" });
    return;
  }
  if (sent !== pageId) throw new HttpProblem(400, { detail: "The Cms-Page-Id header names another page" });
}

/** The partner the call names (`Cms-Affiliate-Host`), lower case; undefined without one. */
export function affiliateHeader(context: HandlerContext): string | undefined {
  const sent = context.req.get("cms-affiliate-host")?.trim().toLowerCase();
  return sent ? sent.slice(0, 253) : undefined;
}

/**
 * The partner's white-label host a call was made on (`Cms-Affiliate-Host` naming a configured partner host),
 * for the order it starts to record (issue 40); undefined on the shop's own host.
 */
export function partnerHostOf(context: HandlerContext): string | undefined {
  return configuredPartnerHost(affiliateHeader(context), Object.keys(context.services.config.partnerHosts));
}
