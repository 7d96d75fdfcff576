import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { pages } from "@/src/lib/messages";
import type { Route } from "./+types/tickets";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(pages.tickets.title) }];

// A loader, even an empty one, makes client navigations pass the server's route middleware.
export const loader = () => ({});

export default function TicketsPage() {
  return <PageFrame title={pages.tickets.title} intro={pages.tickets.intro} />;
}
