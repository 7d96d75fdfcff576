import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { pages } from "@/src/lib/messages";
import type { Route } from "./+types/draw-results";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(pages.results.title) }];

export const loader = () => ({});

export default function DrawResultsPage() {
  return <PageFrame title={pages.results.title} intro={pages.results.intro} />;
}
