import { data } from "react-router";
import { getDrawResult, getDrawResults, getTicketCheckerDraws } from "@/src/contract/results";
import { formatWeekdayDate } from "@/src/lib/format";
import { pages } from "@/src/lib/messages";
import { pageTitle } from "@/src/shop/app/components/page-frame";
import { assertValidParams, notFound } from "@/src/shop/app/lib/not-found";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { resultsPageHeaders } from "@/src/shop/slices/results/results-page-headers";
import { withCheckedDraw } from "@/src/shop/slices/results/ticket-checker/ticket-checker-model";
import type { Route } from "./+types/draw-result";

/** Validity check (spec section 2): a draw is addressed by its readable slug, `maandtrekking-november-2026`. */
export const isValidDrawSlug = (slug: string) => /^[a-z0-9-]{3,80}$/.test(slug);

/** How many earlier draws of the same game the page lists. */
const PAST_DRAWS_LIMIT = 12;
/** How many published draws the API lists at most: years of draws of both games. */
const ALL_PUBLISHED_LIMIT = 500;

/**
 * One published draw's result with the ticket checker set to that draw (shared/domain.md "Prizes and
 * results": past draws have their own pages). An unknown or not yet published draw is a 404. The checkable
 * draws and the past-draws list are secondary: when they fail the page still shows the result, with this
 * draw alone in the checker and no list.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  assertValidParams(request, isValidDrawSlug(params.draw));
  const { clients, log } = context.get(requestContext);
  const { shop } = clients;
  const secondary = <T,>(promise: Promise<T>, fallback: T, what: string): Promise<T> =>
    promise.catch((error: unknown) => {
      log.error({ err: error, draw: params.draw }, `${what} failed; the draw's page renders without them`);
      return fallback;
    });
  const checkablePromise = secondary(
    shop.call(getTicketCheckerDraws).then((answer) => answer.draws),
    [],
    "checkable draws",
  );
  // Every published draw of the last two years, newest first: the slug names one of them.
  const published = await shop.call(getDrawResults, { query: { limit: ALL_PUBLISHED_LIMIT } });
  const summary = published.draws.find((draw) => draw.slug === params.draw);
  if (!summary) notFound(request);
  const details = await shop
    .call(getDrawResult, { params: { drawId: summary.drawId } })
    .catch((error: unknown) =>
      error instanceof ApiError && error.status === 404 ? undefined : Promise.reject(error),
    );
  if (!details) notFound(request);
  const past = published.draws
    .filter((draw) => draw.gameType === summary.gameType)
    .slice(0, PAST_DRAWS_LIMIT);
  const checkable = await checkablePromise;
  const draws = withCheckedDraw(checkable, details.draw);
  const url = new URL(request.url);
  return data(
    { details, draws, past },
    { headers: resultsPageHeaders(url.pathname, published.nextPublicationDate) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { draw } = loaderData.details;
  const description = pages.drawResult.description(draw.name, formatWeekdayDate(draw.drawDate));
  return [
    { title: pageTitle(pages.drawResult.title(draw.name)) },
    { name: "description", content: description },
    { property: "og:title", content: pages.drawResult.title(draw.name) },
    { property: "og:description", content: description },
  ];
};

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/draw-result").then((module) => module.DrawResultPage));

export default function DrawResultPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
