import { orderHistory as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { HistoryFilter, HistoryList } from "@/src/shop/slices/order-history/history-list";
import type { Route } from "../+types/account-orders";

export function AccountOrdersPage({ loaderData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { history, query } = loaderData;
  return (
    <PageFrame title={text.title} intro={text.intro}>
      <HistoryFilter query={query} />
      <HistoryList history={history} query={query} />
    </PageFrame>
  );
}
