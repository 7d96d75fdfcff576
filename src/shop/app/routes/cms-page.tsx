import { data, redirect, redirectDocument } from "react-router";
import { CachePolicy } from "@/src/lib/cache-policy";
import { CACHE_TAGS_HEADER, EXPERIMENT_GROUPS_HEADER } from "@/src/lib/cache-tags";
import { formatExperimentGroups } from "@/src/lib/experiment-groups";
import { errorPage, pageDescriptions } from "@/src/lib/messages";
import { isAbsoluteUrl } from "@/src/lib/route-rules";
import { pageTitle } from "@/src/shop/app/components/page-frame";
import { pageBelongsOnHost, partnerLandingPath } from "@/src/shop/app/layouts/partner-host";
import { notFound } from "@/src/shop/app/lib/not-found";
import { loadCmsPageData } from "@/src/shop/app/lib/optional-page.server";
import { requestContext } from "@/src/shop/app/request-context";
import type { PagePayload } from "@/src/shop/cms/page-payload";
import { CmsPageView } from "@/src/shop/cms/render/cms-page-view";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { hasPartnerOffers, PartnerOffersContext } from "@/src/shop/slices/affiliate-tickets/partner-offers";
import type { Route } from "./+types/cms-page";

/**
 * The CMS catch-all (spec section 2, DESIGN section 4): path -> page -> middleware and theme -> blocks.
 * Anonymous pages are marked cacheable with their content tags; client-side navigation reads
 * `{path}/_payload.json` instead of React Router's data request.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const url = new URL(request.url);
  // A partner's host (issue 40): its home is the partner's landing page, when editors made one.
  if (ctx.hostTheme && url.pathname === "/") {
    const landing = partnerLandingPath(ctx.hostTheme);
    if (await ctx.services.cms.getPage(landing, { preview: false })) throw redirect(landing);
  }
  const found = await loadCmsPageData(request, ctx);
  if (!found) notFound(request);
  const { page, chunks, preview, partnerOffers, experimentGroups } = found;
  // Another partner's page is not shown with its branding on this partner's host: on the shop's own host.
  if (!pageBelongsOnHost(ctx.hostTheme, page.theme)) {
    throw redirect(new URL(`${url.pathname}${url.search}`, ctx.services.config.baseUrl).href);
  }
  const shared = !preview && page.middleware.length === 0;
  // A page with an experiment's variant is shared by its group only: one copy per group in the page
  // cache, and no shared cache (a CDN) outside this process may keep it.
  const groups = formatExperimentGroups(experimentGroups);
  return data(
    { page, theme: page.theme, chunks, partnerOffers },
    {
      headers: shared
        ? {
            "Cache-Control": groups ? CachePolicy.pageVariant : CachePolicy.page,
            [CACHE_TAGS_HEADER]: [...page.tags, `path:${page.path}`].join(","),
            ...(groups ? { [EXPERIMENT_GROUPS_HEADER]: groups } : {}),
          }
        : { "Cache-Control": CachePolicy.private },
    },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

function payloadUrl(pathname: string): string {
  const base = pathname === "/" ? "" : pathname.replace(/\/$/, "");
  return `${base}/_payload.json?${window.__PUBLIC_ENV__?.buildId ?? ""}`;
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const { pathname, search } = new URL(request.url);
  // On a partner's host the server decides what its home and another partner's page show (issue 40).
  const hostTheme = window.__HOST_THEME__ ?? undefined;
  if (hostTheme && pathname === "/") throw redirectDocument(`${pathname}${search}`);
  const response = await fetch(payloadUrl(pathname), {
    headers: { accept: "application/json" },
    signal: request.signal,
  });
  if (response.status === 404) throw data({ message: errorPage.pageNotFound(pathname) }, { status: 404 });
  if (!response.ok) throw data(null, { status: response.status });
  const payload = (await response.json()) as PagePayload;
  if (payload.redirect) {
    const { to, permanent } = payload.redirect;
    throw isAbsoluteUrl(to) ? redirectDocument(to) : redirect(to, permanent ? 301 : 302);
  }
  if (!payload.page) throw data(null, { status: 500 });
  if (!pageBelongsOnHost(hostTheme, payload.page.theme)) throw redirectDocument(`${pathname}${search}`);
  // Whether a partner's offer may be taken depends on the host and the address: the server decides it.
  if (hasPartnerOffers(payload.page)) return serverLoader();
  return {
    page: payload.page,
    theme: payload.page.theme,
    chunks: payload.chunks ?? [],
    partnerOffers: undefined,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const page = loaderData?.page;
  if (!page) return [];
  const tags: Route.MetaDescriptors = [
    { title: page.path === "/" ? page.title : pageTitle(page.title) },
    { property: "og:title", content: page.title },
  ];
  // The editor's SEO description, or the shop's own (every page has one: issue 21, item 3).
  const description = page.seo.description ?? pageDescriptions.default;
  tags.push(
    { name: "description", content: description },
    { property: "og:description", content: description },
  );
  if (page.seo.canonical) tags.push({ tagName: "link", rel: "canonical", href: page.seo.canonical });
  if (page.seo.noindex || page.preview) tags.push({ name: "robots", content: "noindex" });
  if (page.seo.socialImage) tags.push({ property: "og:image", content: page.seo.socialImage });
  return tags;
};

/**
 * The exposure events of the experiments a page view shows (issue 43 item 5): loaded only on such pages,
 * and here rather than in the shell's CmsPageView, which every page loads.
 */
const ExperimentExposure = deferred(() =>
  import("@/src/shop/cms/render/experiment-exposure").then((module) => module.ExperimentExposure),
);

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  const { experiments } = loaderData.page;
  return (
    <PartnerOffersContext value={loaderData.partnerOffers ?? {}}>
      {experiments ? <ExperimentExposure experiments={experiments} /> : null}
      <CmsPageView page={loaderData.page} chunks={loaderData.chunks} />
    </PartnerOffersContext>
  );
}
