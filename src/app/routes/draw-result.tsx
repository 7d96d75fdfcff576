import { data } from "react-router";
import { ApiError } from "@/src/api/client/api-error";
import { getDrawResult, getDrawResults, getTicketCheckerDraws } from "@/src/api/contract/results";
import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { assertValidParams, notFound } from "@/src/app/lib/not-found";
import { requestContext } from "@/src/app/request-context";
import { useShell } from "@/src/components/shell-context";
import { usePlayer } from "@/src/features/player/player-store";
import { DrawResultView } from "@/src/features/results/draw-result/draw-result-view";
import { PastDraws } from "@/src/features/results/draw-result/past-draws";
import { resultsPageHeaders } from "@/src/features/results/results-page-headers";
import { TicketChecker } from "@/src/features/results/ticket-checker/ticket-checker";
import { withCheckedDraw } from "@/src/features/results/ticket-checker/ticket-checker-model";
import { formatWeekdayDate } from "@/src/lib/format";
import { drawResults as text, ticketChecker } from "@/src/lib/messages";
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
  const description = text.pageDescription(draw.name, formatWeekdayDate(draw.drawDate));
  return [
    { title: pageTitle(text.pageTitle(draw.name)) },
    { name: "description", content: description },
    { property: "og:title", content: text.pageTitle(draw.name) },
    { property: "og:description", content: description },
  ];
};

export default function DrawResultPage({ loaderData }: Route.ComponentProps) {
  const { details, draws, past } = loaderData;
  const { draw } = details;
  const player = usePlayer(useShell().env);
  return (
    <PageFrame title={text.pageTitle(draw.name)} intro={text.drawnOn(formatWeekdayDate(draw.drawDate))}>
      <DrawResultView details={details} headingLevel={2} titled={false} />
      {/* Keyed by draw: moving to another draw's page starts the checker afresh on that draw. */}
      <TicketChecker
        key={draw.drawId}
        draws={draws}
        initialDrawId={draw.drawId}
        title={ticketChecker.defaultTitle}
        headingLevel={2}
        playerLoggedIn={player.status === "player"}
      />
      <PastDraws draws={past} currentDrawId={draw.drawId} headingLevel={2} />
    </PageFrame>
  );
}
