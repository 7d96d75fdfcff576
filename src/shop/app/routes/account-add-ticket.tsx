import { getPriceDetails } from "@/src/contract/tickets";
import { CachePolicy } from "@/src/lib/cache-policy";
import { pages } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { assertValidParams } from "@/src/shop/app/lib/not-found";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import type { Route } from "./+types/account-add-ticket";
import { ADD_TICKET_PAGE_ID } from "./views/account-add-ticket";

/** Validity check: a draw is addressed by its running number. */
export const isValidDrawId = (drawId: string) => /^[1-9]\d{0,5}$/.test(drawId);

export const meta: Route.MetaFunction = () => [
  ...pageMeta(pages.addTicketForDraw.title),
  { name: "robots", content: "noindex" },
];

/**
 * A logged-in player adds tickets for one draw (spec section 2; `/mijn/**` is behind `auth` through the
 * route rules). `details` is null when the draw does not sell tickets (any more).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  assertValidParams(request, isValidDrawId(params.drawId));
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const drawId = Number(params.drawId);
  const details = await asPlayer(
    ctx,
    request,
    ctx.clients.shop.call(getPriceDetails, { params: { pageId: ADD_TICKET_PAGE_ID } }),
  );
  const draw = details.draws.find((candidate) => candidate.drawId === drawId);
  return { drawId, drawName: draw?.name, details: draw ? details : null };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() =>
  import("./views/account-add-ticket").then((module) => module.AccountAddTicketPage),
);

export default function AccountAddTicketPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
