import { z } from "zod";
import type { ResolvedPage } from "@/content-models/resolved";
import { matchPartner, normalisePartnerCode } from "@/src/domain/affiliate-tickets/affiliate-rules";
import { themeForHost } from "@/src/shop/app/layouts/select-layout";
import type { RequestContext } from "@/src/shop/app/request-context";
import {
  AFFILIATE_BLOCK_TYPE,
  type PartnerOfferAccess,
  type PartnerOffers,
} from "@/src/shop/slices/affiliate-tickets/partner-offers";

/**
 * The partner a page's calls name (`Cms-Affiliate-Host`, spec section 7): on a partner's white-label host
 * that host; elsewhere the partner code from the page's address, when it is a code.
 */
export function partnerNamedBy(
  ctx: Pick<RequestContext, "hostTheme">,
  url: URL,
  code: string | undefined,
): string | undefined {
  return ctx.hostTheme ? url.host : normalisePartnerCode(code ?? "");
}

/** What the decision reads of an `affiliateTicket` block (its model checked the props already). */
const OfferPartnerSchema = z.object({
  pageId: z.string(),
  partnerHost: z.string().optional(),
  partnerCode: z.string().optional(),
});

/**
 * Whether this request may take each partner offer on the page (issue 43): the offer's partner against the
 * partner the page's calls would name, by the rule the API refuses with (`matchPartner`), so the page never
 * offers what the API refuses. A closed offer on a configured partner host links to it, on this request's
 * scheme and port. Undefined for a page without an offer.
 */
export function partnerOffersOf(
  page: ResolvedPage,
  ctx: Pick<RequestContext, "hostTheme" | "services">,
  url: URL,
): PartnerOffers | undefined {
  const offers = page.blocks.flatMap((block) => {
    const parsed =
      block.type === AFFILIATE_BLOCK_TYPE ? OfferPartnerSchema.safeParse(block.props) : undefined;
    return parsed?.success ? [parsed.data] : [];
  });
  if (offers.length === 0) return undefined;
  const code = normalisePartnerCode(url.searchParams.get("partner") ?? "");
  const sent = partnerNamedBy(ctx, url, code);
  const access = (offer: z.infer<typeof OfferPartnerSchema>): PartnerOfferAccess => {
    if (matchPartner(offer, sent))
      return ctx.hostTheme || !code ? { open: true } : { open: true, partnerCode: code };
    const host = offer.partnerHost;
    if (!host || !themeForHost(host, ctx.services.config.partnerHosts)) return { open: false };
    return {
      open: false,
      partnerSite: `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}${page.path}`,
    };
  };
  return Object.fromEntries(offers.map((offer) => [offer.pageId, access(offer)]));
}
