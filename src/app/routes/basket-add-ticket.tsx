import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { pages } from "@/src/lib/messages";
import type { Route } from "./+types/basket-add-ticket";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(pages.addTicket.title) }];

export const loader = () => ({});

export default function BasketAddTicketPage() {
  return <PageFrame title={pages.addTicket.title} intro={pages.addTicket.intro} />;
}
