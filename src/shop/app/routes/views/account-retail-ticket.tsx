import { pages } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { ApiProvider } from "@/src/shop/components/api-context";
import { RetailTicketEntry } from "@/src/shop/slices/results/ticket-checker/retail-ticket-entry";
import type { Route } from "../+types/account-retail-ticket";

export function AccountRetailTicketPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  return (
    <PageFrame title={pages.myTickets.title}>
      <ApiProvider>
        <RetailTicketEntry headingLevel={2} answered={actionData} token={loaderData.token} />
      </ApiProvider>
    </PageFrame>
  );
}
