import { data } from "react-router";
import { getDrawResults } from "@/src/contract/results";
import { getParticipations } from "@/src/contract/tickets";
import { CachePolicy } from "@/src/lib/cache-policy";
import { takeFlash } from "@/src/lib/flash/flash.server";
import { pages } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import type { Route } from "./+types/my-tickets";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(pages.myTickets.title),
  { name: "robots", content: "noindex" },
];

/**
 * /mijn/loten: the player's participations per draw (the same data as GET /api/participations), the draw
 * the boulevard game answers for (its boulevards there link to it), and the flash message a redirect left
 * here (a linked barcode), in the page's own HTML.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const [participations, boulevardGameDrawId] = await Promise.all([
    asPlayer(ctx, request, ctx.clients.shop.call(getParticipations)),
    latestClassicDrawId(ctx),
  ]);
  const taken = takeFlash(request, { secure: ctx.services.config.secureCookies });
  return data(
    { ...participations, boulevardGameDrawId, flash: taken?.flash },
    { headers: taken ? { "Set-Cookie": taken.clear } : undefined },
  );
}

/**
 * The latest published classic draw: the one the boulevard game answers for. Secondary: unknown (the API
 * failing), the page shows the tickets without the boulevard game's links.
 */
function latestClassicDrawId(ctx: RequestContext): Promise<number | undefined> {
  return ctx.clients.shop
    .call(getDrawResults, { query: { gameType: "KROON", limit: 1 } })
    .then((answer) => answer.draws[0]?.drawId)
    .catch((error: unknown) => {
      ctx.log.warn({ err: error }, "latest draw unknown; /mijn/loten shows no boulevard game links");
      return undefined;
    });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers({ "Cache-Control": CachePolicy.private });
  for (const cookie of loaderHeaders.getSetCookie()) result.append("Set-Cookie", cookie);
  return result;
};

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/my-tickets").then((module) => module.MyTicketsPage));

export default function MyTicketsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
