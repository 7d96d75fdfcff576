import { data } from "react-router";
import {
  type EntryResult,
  enterGameByLink,
  type GameInfo,
  getGameOptIns,
  readGameLink,
} from "@/src/contract/games-of-chance";
import { PageIdSchema } from "@/src/contract/tickets";
import { CachePolicy } from "@/src/lib/cache-policy";
import { gameMessages, general, gamePage as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { EntryResultList, GameOptIns } from "@/src/shop/slices/games-of-chance/game-entry-parts";
import { refusedEntry } from "@/src/shop/slices/games-of-chance/refused-entry";
import type { Route } from "./+types/game-link";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.linkTitle),
  { name: "robots", content: "noindex" },
];

type Preview = { firstName: string; tickets: { ticketNumber: string; entered: boolean }[] };
type LinkPage = { game?: GameInfo; preview?: Preview; data?: string; error?: string };
type Answer = { result?: EntryResult; failed?: EntryResult["failed"]; error?: string };

function linkOf(request: Request, pageId: string | undefined) {
  const url = new URL(request.url);
  return {
    pageId: PageIdSchema.safeParse(pageId),
    data: (url.searchParams.get("data") ?? "").slice(0, 2000),
  };
}

/**
 * `/winactie/{pageId}/link?data=...` (issue 19): the personal link of an e-mail. It shows the
 * tickets the link enters and enters them with one click, without logging in (the link is signed). A
 * tampered or expired link says so.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { pageId, data: linkData } = linkOf(request, params.pageId);
  if (!pageId.success) return data<LinkPage>({ error: gameMessages.notFound }, 404);
  try {
    const [game, preview] = await Promise.all([
      ctx.clients.shop.call(getGameOptIns, { params: { pageId: pageId.data } }),
      ctx.clients.shop.call(readGameLink, { params: { pageId: pageId.data }, query: { data: linkData } }),
    ]);
    return data<LinkPage>({ game, preview, data: linkData });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const message =
      error.fieldErrors.data?.[0] ?? (error.status === 404 ? gameMessages.notFound : general.generic);
    return data<LinkPage>({ error: message }, error.status);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const { pageId } = linkOf(request, params.pageId);
  const form = await readFormPost(request);
  if (!pageId.success) return data<Answer>({ error: gameMessages.notFound }, 404);
  const ticked = new Set(form.getAll("optIn"));
  const optIns = [...ticked].slice(0, 10).map((id) => ({
    id: id.slice(0, 40),
    text: (textField(form, `optInText:${id}`) ?? "").slice(0, 1000),
  }));
  try {
    const result = await ctx.clients.shop.call(enterGameByLink, {
      params: { pageId: pageId.data },
      body: { data: (textField(form, "data") ?? "").slice(0, 2000), optIns },
    });
    return data<Answer>({ result });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    return data<Answer>(refusedEntry(error), { status: error.status });
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function GameLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { game, preview } = loaderData;
  if (!game || !preview) {
    return (
      <PageFrame title={text.linkTitle}>
        <p role="alert">{loaderData.error}</p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={game.title} intro={text.prize(game.prizeText)}>
      {actionData ? (
        <EntryResultList result={actionData.result} failed={actionData.failed} error={actionData.error} />
      ) : null}
      {actionData?.result ? null : (
        <form method="post" className="portal-form" aria-label={text.linkTitle}>
          <input type="hidden" name="data" value={loaderData.data} />
          <p>{text.linkIntro(preview.firstName)}</p>
          <ul>
            {preview.tickets.map((ticket) => (
              <li key={ticket.ticketNumber}>{text.linkTicket(ticket.ticketNumber, ticket.entered)}</li>
            ))}
          </ul>
          <GameOptIns game={game} prefix="link" />
          <button type="submit" className="button">
            {text.linkEnter}
          </button>
        </form>
      )}
    </PageFrame>
  );
}
