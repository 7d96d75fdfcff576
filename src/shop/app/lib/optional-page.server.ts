import type { ResolvedPage } from "@/content-models/resolved";
import { runRouteMiddleware } from "@/src/shop/app/middleware/registry.server";
import type { RequestContext } from "@/src/shop/app/request-context";
import { isPreviewCookieValid } from "@/src/shop/cms/preview.server";
import { blockChunkUrls } from "@/src/shop/cms/render/block-chunks.server";
import { blockTypesOf } from "@/src/shop/cms/render/cms-page-view";
import { forDocument } from "@/src/shop/cms/render/document-html";
import type { PartnerOffers } from "@/src/shop/slices/affiliate-tickets/partner-offers";
import { partnerOffersOf } from "./partner-offers.server";

/**
 * A CMS page as a route's data carries it, with the chunks of the blocks React renders on it and, on a page
 * with a partner's offer, whether this request may take it (decided per request, never cached with the page).
 */
export type CmsPageData = { page: ResolvedPage; chunks: string[]; partnerOffers?: PartnerOffers };

/**
 * The CMS page at a request's path with its route middleware run (which may throw a redirect), ready for
 * a route's data: server-rendered markup left to the document's HTML (`forDocument`). Undefined when
 * there is no page.
 */
export async function loadCmsPageData(
  request: Request,
  ctx: RequestContext,
): Promise<(CmsPageData & { preview: boolean }) | undefined> {
  const url = new URL(request.url);
  const preview = isPreviewCookieValid(ctx.services.config.sessionSecret, request.headers.get("cookie"));
  const page = await ctx.services.cms.getPage(url.pathname, { preview });
  if (!page) return undefined;
  await runRouteMiddleware(page.middleware, { request, url, context: ctx });
  const partnerOffers = partnerOffersOf(page, ctx, url);
  return {
    page: forDocument(page, ctx.documentHtml),
    chunks: blockChunkUrls(blockTypesOf(page.blocks, page.refs)),
    ...(partnerOffers ? { partnerOffers } : {}),
    preview,
  };
}

/**
 * App routes with editorial content (`/loten`, `/trekkingsuitslag`): the CMS page at the same path, when
 * editors made one, renders under the route's own content. Its absence is no error.
 */
export async function loadOptionalCmsPage(
  request: Request,
  ctx: RequestContext,
): Promise<CmsPageData | undefined> {
  try {
    const found = await loadCmsPageData(request, ctx);
    if (!found) return undefined;
    const { preview: _preview, ...data } = found;
    return data;
  } catch (error) {
    if (error instanceof Response) throw error;
    ctx.log.error({ err: error }, "editorial content of an app route failed; rendering without it");
    return undefined;
  }
}
