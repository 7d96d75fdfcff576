import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { assertValidParams } from "@/src/app/lib/not-found";
import { pages } from "@/src/lib/messages";
import type { Route } from "./+types/account-subscription-edit";

/** Validity check: subscriptions are addressed by their numeric id. */
export const isValidSubscriptionId = (id: string) => /^[1-9]\d{0,11}$/.test(id);

export const meta: Route.MetaFunction = () => [{ title: pageTitle(pages.editSubscription.title) }];

export function loader({ request, params }: Route.LoaderArgs) {
  assertValidParams(request, isValidSubscriptionId(params.subscription));
  return { subscriptionId: params.subscription };
}

export default function AccountSubscriptionEditPage() {
  return <PageFrame title={pages.editSubscription.title} />;
}
