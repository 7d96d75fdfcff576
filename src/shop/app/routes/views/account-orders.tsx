import { orderHistory as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { FormOutcome } from "@/src/shop/components/form-outcome";
import { HistoryFilter, HistoryList } from "@/src/shop/slices/order-history/history-list";
import type { Route } from "../+types/account-orders";

export function AccountOrdersPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { history, query, token } = loaderData;
  return (
    <PageFrame title={text.title} intro={text.intro}>
      <FormOutcome outcome={actionData} />
      <HistoryFilter query={query} />
      <HistoryList history={history} query={query} token={token} />
    </PageFrame>
  );
}
