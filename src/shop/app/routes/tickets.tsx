import { pageDescriptions, pages } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { loadOptionalCmsPage } from "@/src/shop/app/lib/optional-page.server";
import { requestContext } from "@/src/shop/app/request-context";
import { CmsPageView } from "@/src/shop/cms/render/cms-page-view";
import { PartnerOffersContext } from "@/src/shop/slices/affiliate-tickets/partner-offers";
import type { Route } from "./+types/tickets";

export const meta: Route.MetaFunction = () => [...pageMeta(pages.tickets.title, pageDescriptions.tickets)];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { cms: await loadOptionalCmsPage(request, context.get(requestContext)) };
}

export default function TicketsPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={pages.tickets.title} intro={pages.tickets.intro}>
      {loaderData.cms ? (
        <PartnerOffersContext value={loaderData.cms.partnerOffers ?? {}}>
          <CmsPageView page={loaderData.cms.page} chunks={loaderData.cms.chunks} hideTitle />
        </PartnerOffersContext>
      ) : null}
    </PageFrame>
  );
}
