import type { ResolvedPage } from "@/content-models/resolved";
import { experimentCookie } from "@/src/lib/experiment-groups";
import { runRouteMiddleware } from "@/src/shop/app/middleware/registry.server";
import type { RequestContext } from "@/src/shop/app/request-context";
import { chooseVariants, experimentLookup, showExperiments } from "@/src/shop/cms/experiments.server";
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
 * The page with each experiment showing the visitor's group (a group drawn now goes into the cookie) and
 * the groups it was rendered for, which the page cache keys its copy by (issue 43 item 5).
 */
async function withVisitorsVariants(
  page: ResolvedPage,
  request: Request,
  ctx: RequestContext,
): Promise<{ page: ResolvedPage; experimentGroups: Record<string, string> }> {
  const shown = await showExperiments(page, {
    cookie: request.headers.get("cookie"),
    lookup: experimentLookup(ctx.clients.shop),
  });
  if (shown.cookieGroups) {
    const { secureCookies: secure, cookieDomain: domain } = ctx.services.config;
    ctx.setCookie(experimentCookie(shown.cookieGroups, { secure, domain }));
  }
  return { page: shown.page, experimentGroups: shown.groups };
}

/**
 * The CMS page at a request's path with its route middleware run (which may throw a redirect), ready for
 * a route's data: server-rendered markup left to the document's HTML (`forDocument`). Undefined when
 * there is no page.
 */
export async function loadCmsPageData(
  request: Request,
  ctx: RequestContext,
  { experiments = true }: { experiments?: boolean } = {},
): Promise<(CmsPageData & { preview: boolean; experimentGroups: Record<string, string> }) | undefined> {
  const url = new URL(request.url);
  const preview = isPreviewCookieValid(ctx.services.config.sessionSecret, request.headers.get("cookie"));
  // The composer's preview of a concept as typed (issue 44) names it in the address; only in preview mode.
  const concept = url.searchParams.get("concept");
  const resolved = await ctx.services.cms.getPage(url.pathname, { preview, concept });
  if (!resolved) return undefined;
  await runRouteMiddleware(resolved.middleware, { request, url, context: ctx });
  const { page, experimentGroups } = experiments
    ? await withVisitorsVariants(resolved, request, ctx)
    : { page: chooseVariants(resolved, {}), experimentGroups: {} };
  const partnerOffers = partnerOffersOf(page, ctx, url);
  return {
    page: forDocument(page, ctx.documentHtml),
    chunks: blockChunkUrls(blockTypesOf(page.blocks, page.refs)),
    ...(partnerOffers ? { partnerOffers } : {}),
    preview,
    experimentGroups,
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
    // An app route keys its cached copy by nothing of the visitor's: its experiments show the standard blocks.
    const found = await loadCmsPageData(request, ctx, { experiments: false });
    if (!found) return undefined;
    const { preview: _preview, experimentGroups: _groups, ...data } = found;
    return data;
  } catch (error) {
    if (error instanceof Response) throw error;
    ctx.log.error({ err: error }, "editorial content of an app route failed; rendering without it");
    return undefined;
  }
}
