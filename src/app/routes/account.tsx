import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { pages } from "@/src/lib/messages";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(pages.account.title) }];

export const loader = () => ({});

export default function AccountPage() {
  return <PageFrame title={pages.account.title} intro={pages.account.intro} />;
}
