import { data, redirect } from "react-router";
import {
  type EntryResult,
  enterManualGameTickets,
  enterOnlineGameTickets,
  enterRetailGameTicket,
  type GameInfo,
  getGameOptIns,
  getOnlineGameTickets,
  subscribeToGame,
} from "@/src/contract/games-of-chance";
import { PageIdSchema } from "@/src/contract/tickets";
import { CachePolicy } from "@/src/lib/cache-policy";
import { gameMessages, general, pages, gamePage as text } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { asPlayer } from "@/src/shop/app/lib/require-player.server";
import { portalUrl } from "@/src/shop/app/middleware/registry.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { gameEntryPath } from "@/src/shop/slices/games-of-chance/game-entry-parts";
import { refusedEntry } from "@/src/shop/slices/games-of-chance/refused-entry";
import type { Route } from "./+types/game-entry";
import { type Answer, MAX_TYPED_NUMBERS } from "./views/game-entry";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(pages.gameEntry.title),
  { name: "robots", content: "noindex" },
];

async function gameOf(ctx: RequestContext, pageId: string): Promise<GameInfo | undefined> {
  try {
    return await ctx.clients.shop.call(getGameOptIns, { params: { pageId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

async function onlineTicketsOf(ctx: RequestContext, request: Request, pageId: string) {
  return asPlayer(ctx, request, ctx.clients.shop.call(getOnlineGameTickets, { params: { pageId } }));
}

/**
 * `/winactie/{pageId}` (issue 19): entering a game of chance with the tickets a player has:
 * the online and subscription tickets that count (ticked), typed ticket numbers or a shop ticket's barcode
 * (with the reCAPTCHA), or one click. A visitor logs in first. The answer lists per ticket what entered and
 * what failed, and why.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const pageId = PageIdSchema.safeParse(params.pageId);
  const game = pageId.success ? await gameOf(ctx, pageId.data) : undefined;
  if (!pageId.success || !game) return data({ game: undefined, online: undefined, loggedIn: false }, 404);
  const player = await ctx.player();
  const online =
    player && game.entryMethods.includes("online") && game.state === "open"
      ? await onlineTicketsOf(ctx, request, pageId.data)
      : undefined;
  return { game, online, loggedIn: Boolean(player) };
}

function chosenOptIns(form: URLSearchParams, game: GameInfo) {
  const ticked = new Set(form.getAll("optIn"));
  return game.optIns
    .filter((optIn) => ticked.has(optIn.id))
    .map((optIn) => ({
      id: optIn.id,
      text: (textField(form, `optInText:${optIn.id}`) ?? "").slice(0, 1000),
    }));
}

export async function action({ request, context, params: route }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const pageId = PageIdSchema.safeParse(route.pageId);
  const game = pageId.success ? await gameOf(ctx, pageId.data) : undefined;
  const form = await readFormPost(request);
  const intent = textField(form, "intent") ?? "";
  if (!pageId.success || !game) {
    return data<Answer>({ intent, error: gameMessages.notFound, recaptchaRequired: false }, 404);
  }
  if (!(await ctx.player())) {
    return redirect(portalUrl("inloggen", gameEntryPath(pageId.data), ctx.services.config), 303);
  }
  const params = { pageId: pageId.data };
  const optIns = chosenOptIns(form, game);
  const gRecaptchaResponse = textField(form, "gRecaptchaResponse") || undefined;
  const typed = intent === "manual" ? (textField(form, "ticketNumbers") ?? "").slice(0, 400) : undefined;
  let ticked: string[] | undefined;
  try {
    let result: EntryResult;
    if (intent === "online") {
      const ticketIds = form.getAll("ticketId").slice(0, 20);
      ticked = ticketIds;
      // Nothing ticked: the player's own words, not the API's refusal of an empty list ("Bad request").
      if (ticketIds.length === 0) return refusedForm(intent, text.ticketsMissing);
      result = await asPlayer(
        ctx,
        request,
        ctx.clients.shop.call(enterOnlineGameTickets, { params, body: { ticketIds, optIns } }),
      );
    } else if (intent === "manual") {
      // One number per line (or separated by commas): a space may be inside a number (spec section 5).
      const ticketNumbers = (typed ?? "")
        .split(/[\n,;]+/)
        .map((value) => value.trim().slice(0, 20))
        .filter(Boolean);
      if (ticketNumbers.length === 0 || ticketNumbers.length > MAX_TYPED_NUMBERS) {
        const error =
          ticketNumbers.length === 0 ? text.numbersMissing : text.tooManyNumbers(MAX_TYPED_NUMBERS);
        return refusedForm(intent, error, typed);
      }
      // Typed numbers need the reCAPTCHA: without its token, say so (spec section 5), not "invalid".
      if (!gRecaptchaResponse) return refusedForm(intent, general.recaptchaMissing, typed);
      result = await asPlayer(
        ctx,
        request,
        ctx.clients.shop.call(enterManualGameTickets, {
          params,
          body: { ticketNumbers, optIns, gRecaptchaResponse },
        }),
      );
    } else if (intent === "retail") {
      const barcode = (textField(form, "barcode") ?? "").slice(0, 40);
      if (barcode.trim() === "") return refusedForm(intent, text.barcodeMissing);
      if (!gRecaptchaResponse) return refusedForm(intent, general.recaptchaMissing);
      result = await asPlayer(
        ctx,
        request,
        ctx.clients.shop.call(enterRetailGameTicket, {
          params,
          body: { barcode, optIns, gRecaptchaResponse },
        }),
      );
    } else {
      result = await asPlayer(
        ctx,
        request,
        ctx.clients.shop.call(subscribeToGame, { params, body: { optIns } }),
      );
    }
    return data<Answer>({ intent, result, recaptchaRequired: false });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const refused = refusedEntry(error);
    return data<Answer>(
      { intent, typed, ticked, ...refused, recaptchaRequired: error.recaptchaRequired },
      { status: error.status },
    );
  }
}

/** A form refused before the shop API is asked: its message, and the numbers as typed. */
function refusedForm(intent: string, error: string, typed?: string) {
  return data<Answer>({ intent, typed, error, recaptchaRequired: false }, 422);
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/game-entry").then((module) => module.GameEntryPage));

export default function GameEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
