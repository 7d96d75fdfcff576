import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { assertValidParams } from "@/src/app/lib/not-found";
import { pages } from "@/src/lib/messages";
import type { Route } from "./+types/account-add-ticket";

/** Validity check: a draw is addressed by its running number. */
export const isValidDrawId = (drawId: string) => /^[1-9]\d{0,5}$/.test(drawId);

export const meta: Route.MetaFunction = () => [{ title: pageTitle(pages.addTicketForDraw.title) }];

export function loader({ request, params }: Route.LoaderArgs) {
  assertValidParams(request, isValidDrawId(params.drawId));
  return { drawId: Number(params.drawId) };
}

export default function AccountAddTicketPage({ loaderData }: Route.ComponentProps) {
  return <PageFrame title={`${pages.addTicketForDraw.title} ${loaderData.drawId}`} />;
}
