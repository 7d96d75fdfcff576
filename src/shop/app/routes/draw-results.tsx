import { dehydrate, QueryClient } from "@tanstack/react-query";
import { data } from "react-router";
import { getPublishedDraws } from "@/src/contract/draws";
import { getDrawResults } from "@/src/contract/results";
import { pageDescriptions, pages } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { loadOptionalCmsPage } from "@/src/shop/app/lib/optional-page.server";
import { requestContext } from "@/src/shop/app/request-context";
import { endpointQueryOptions } from "@/src/shop/client/query-client";
import { CmsPageView } from "@/src/shop/cms/render/cms-page-view";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { PartnerOffersContext } from "@/src/shop/slices/affiliate-tickets/partner-offers";
import { RECENT_DRAWS_INPUT } from "@/src/shop/slices/draws/published-draws-list";
import { resultsPageHeaders } from "@/src/shop/slices/results/results-page-headers";
import type { Route } from "./+types/draw-results";

/** The list and the API client it pages with load after the page (decision 16). */
const PublishedDraws = deferred(
  () => import("@/src/shop/slices/draws/published-draws-list").then((module) => module.PublishedDraws),
  { api: true },
);

export const meta: Route.MetaFunction = () => [...pageMeta(pages.results.title, pageDescriptions.results)];

/** Prefetches the recent draws on the server under the key the browser's query reads (no second fetch). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { shop } = ctx.clients;
  const queryClient = new QueryClient();
  const [, cms, latest] = await Promise.all([
    queryClient.prefetchQuery(endpointQueryOptions(shop, getPublishedDraws, RECENT_DRAWS_INPUT)),
    loadOptionalCmsPage(request, ctx),
    shop.call(getDrawResults, { query: { limit: 1 } }),
  ]);
  // Anonymous visitors share one cached copy until the next result is published (or the CMS page changes).
  const headers = resultsPageHeaders("/trekkingsuitslag", latest.nextPublicationDate, cms?.page.tags);
  return data({ dehydratedState: dehydrate(queryClient), cms }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function DrawResultsPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={pages.results.title} intro={pages.results.intro}>
      {/* The editors' blocks (the latest result and the ticket checker) lead; the full list follows. */}
      {loaderData.cms ? (
        <PartnerOffersContext value={loaderData.cms.partnerOffers ?? {}}>
          <CmsPageView page={loaderData.cms.page} chunks={loaderData.cms.chunks} hideTitle />
        </PartnerOffersContext>
      ) : null}
      <PublishedDraws state={loaderData.dehydratedState} />
    </PageFrame>
  );
}
