import { PageFrame } from "@/src/app/components/page-frame";
import { ApiProvider } from "@/src/components/api-context";
import { RetailTicketEntry } from "@/src/features/results/ticket-checker/retail-ticket-entry";
import { pages } from "@/src/lib/messages";
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
