import { runRouteMiddleware } from "@/src/app/middleware/registry.server";
import type { RequestContext } from "@/src/server/request-context";
import { blockChunkUrls } from "@/src/server/ssr/block-chunks.server";
import type { ResolvedPage } from "./cms-types";
import { isPreviewCookieValid } from "./preview.server";
import { blockTypesOf } from "./render/cms-page-view";
import { forDocument } from "./render/document-html";

/**
 * App routes with editorial content (`/loten`, `/trekkingsuitslag`): the CMS page at the same path, when
 * editors made one, renders under the route's own content. Its absence is no error.
 */
export async function loadOptionalCmsPage(
  request: Request,
  ctx: RequestContext,
): Promise<{ page: ResolvedPage; chunks: string[] } | undefined> {
  const url = new URL(request.url);
  const preview = isPreviewCookieValid(ctx.services.config.sessionSecret, request.headers.get("cookie"));
  try {
    const page = await ctx.services.cms.getPage(url.pathname, { preview });
    if (!page) return undefined;
    await runRouteMiddleware(page.middleware, { request, url, context: ctx });
    return {
      page: forDocument(page, ctx.documentHtml),
      chunks: blockChunkUrls(blockTypesOf(page.blocks, page.refs)),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    ctx.log.error({ err: error }, "editorial content of an app route failed; rendering without it");
    return undefined;
  }
}
