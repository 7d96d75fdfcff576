import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { ApiProvider } from "@/src/components/api-context";
import { BasketContents } from "@/src/features/basket/basket-contents";
import { basketPage } from "@/src/lib/messages";
import type { Route } from "./+types/basket";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(basketPage.title) },
  { name: "robots", content: "noindex" },
];

/** Nothing to load (the basket lives in the browser); a loader makes client navigations pass the route rules. */
export const loader = () => ({});

/** /winkelmandje: the basket, checked against the open draws and current prices (spec sections 2, 4, 8). */
export default function BasketPage() {
  return (
    <PageFrame title={basketPage.title}>
      <ApiProvider>
        <BasketContents />
      </ApiProvider>
    </PageFrame>
  );
}
