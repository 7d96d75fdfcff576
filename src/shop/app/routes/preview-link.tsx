import { data, redirect } from "react-router";
import { redirectTargetOptions, safeRedirectTarget } from "@/src/domain/portal/redirect-target";
import { CachePolicy } from "@/src/lib/cache-policy";
import { previewLinkPage as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { requestContext } from "@/src/shop/app/request-context";
import { isCrossSiteFrame, previewSetCookie, verifiedPreviewLink } from "@/src/shop/cms/preview.server";
import type { Route } from "./+types/preview-link";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

/**
 * `/voorbeeldweergave?path=...&expires=...&signature=...` (DESIGN section 4, decision 22): an editor's
 * signed preview link sets the preview cookie until the link expires and opens the page with its drafts.
 * A link without a valid signature is a Dutch page saying so and how to get one (403). Opened in another
 * site's iframe (Contentful's web app), the cookie is a partitioned one for that frame (decision 28).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, log } = context.get(requestContext);
  const { config } = services;
  const query = new URL(request.url).searchParams;
  const link = verifiedPreviewLink(config.sessionSecret, query);
  // Where a refused editor can see the page as published: a path of this site, else the home page.
  const target = safeRedirectTarget(query.get("path"), redirectTargetOptions(config));
  if (!link) {
    log.info({ event: "preview_link_refused" }, "a preview link without a valid signature was opened");
    return data({ published: target }, 403);
  }
  return redirect(target, {
    status: 302,
    headers: {
      "Set-Cookie": previewSetCookie(config.sessionSecret, link.expires, {
        secure: config.secureCookies,
        crossSiteFrame: isCrossSiteFrame(request.headers),
      }),
    },
  });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function PreviewLinkPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={text.title} intro={text.text}>
      <p>{text.howTo}</p>
      <p>
        <a className="button button--secondary" href={loaderData.published}>
          {text.published}
        </a>
      </p>
    </PageFrame>
  );
}
