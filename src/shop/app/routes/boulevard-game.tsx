import { data } from "react-router";
import { CachePolicy } from "@/src/lib/cache-policy";
import { boulevardGame } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { answerBoulevardQuery } from "@/src/shop/slices/results/boulevard-game/boulevard-game.server";
import {
  type BoulevardGameAnswer,
  boulevardQueryOf,
} from "@/src/shop/slices/results/boulevard-game/boulevard-game-model";
import type { Route } from "./+types/boulevard-game";

/** The page's answer, with its title and description (as a CMS page's come with its data). */
type BoulevardGamePageData = { answer: BoulevardGameAnswer; title: string; description: string };

// The texts come from the loader: this module is in the page's first load, the game's texts are not.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [...pageMeta(loaderData.title, loaderData.description), { name: "robots", content: "noindex" }]
    : [];

/**
 * `/boulevardspel/uitslag?boulevard=AB123&delen=5` (issue 43 item 4): where the boulevard game's GET form
 * goes. The address is the query, so a result can be shared and Back shows the one before; without a
 * boulevard the page only asks. A query the player must correct answers 400 with its messages.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = boulevardQueryOf(new URL(request.url).searchParams);
  const { answer, status } = query
    ? await answerBoulevardQuery(context.get(requestContext).clients.shop, query)
    : { answer: {}, status: 200 };
  const title =
    "outcome" in answer && answer.outcome
      ? boulevardGame.resultPageTitle(answer.outcome.boulevardId)
      : boulevardGame.pageTitle;
  return data<BoulevardGamePageData>({ answer, title, description: boulevardGame.description }, { status });
}

// Rendered per request, with this request's CSP nonce: no shared cache may keep it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its form works as HTML. */
const View = deferred(() => import("./views/boulevard-game").then((module) => module.BoulevardGamePage));

export default function BoulevardGameRoute({ loaderData }: Route.ComponentProps) {
  return <View answer={loaderData.answer} />;
}
