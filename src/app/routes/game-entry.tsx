import { useMemo } from "react";
import { data, Link, redirect } from "react-router";
import { ApiError } from "@/src/api/client/api-error";
import {
  type EntryResult,
  enterManualGameTickets,
  enterOnlineGameTickets,
  enterRetailGameTicket,
  type GameInfo,
  getGameOptIns,
  getOnlineGameTickets,
  subscribeToGame,
} from "@/src/api/contract/games-of-chance";
import { PageIdSchema } from "@/src/api/contract/tickets";
import { PageFrame, pageMeta } from "@/src/app/components/page-frame";
import { readFormPost, textField } from "@/src/app/lib/form-post.server";
import { asPlayer } from "@/src/app/lib/require-player.server";
import { portalUrl } from "@/src/app/middleware/registry.server";
import { type RequestContext, requestContext } from "@/src/app/request-context";
import { ApiProvider } from "@/src/components/api-context";
import { EntryResultList, GameOptIns, gameEntryPath } from "@/src/features/games/game-entry-parts";
import { refusedEntry } from "@/src/features/games/refused-entry";
import type { PortalFormResult } from "@/src/features/portal/form-result";
import { RecaptchaField, useRecaptcha } from "@/src/features/portal/recaptcha-field";
import { formatDate } from "@/src/lib/format";
import { gameMessages, gamePage as text } from "@/src/lib/messages";
import type { Route } from "./+types/game-entry";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

/** Spec: up to 10 typed ticket numbers at once. */
const MAX_TYPED_NUMBERS = 10;

type Answer = {
  intent: string;
  /** The numbers as typed, shown again after a refusal. */
  typed?: string;
  result?: EntryResult;
  /** Per ticket when nothing entered; otherwise the form's message. */
  failed?: EntryResult["failed"];
  error?: string;
  recaptchaRequired: boolean;
};

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
  try {
    let result: EntryResult;
    if (intent === "online") {
      const ticketIds = form.getAll("ticketId").slice(0, 20);
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
        return data<Answer>({ intent, typed, error, recaptchaRequired: false }, 422);
      }
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
      { intent, typed, ...refused, recaptchaRequired: error.recaptchaRequired },
      { status: error.status },
    );
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function GameEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  // Typed numbers and barcodes always need the widget; each answer starts it over (one object per answer).
  const asking = useMemo(() => ({ recaptchaRequired: true, answer }), [answer]);
  const recaptcha = useRecaptcha(asking as Pick<PortalFormResult, "recaptchaRequired">);
  const { game, online, loggedIn } = loaderData;
  if (!game) {
    return (
      <PageFrame title={text.title}>
        <p role="alert">{gameMessages.notFound}</p>
      </PageFrame>
    );
  }
  const here = gameEntryPath(game.pageId);
  const methods = new Set(game.entryMethods);
  return (
    <PageFrame title={game.title} intro={text.prize(game.prizeText)}>
      <p>{text.period(formatDate(game.startsAt), formatDate(game.endsAt), game.maxParticipations)}</p>
      {answer?.result || answer?.failed?.length || answer?.error ? (
        <EntryResultList result={answer.result} failed={answer.failed} error={answer.error} />
      ) : null}
      {game.state !== "open" ? (
        <p role="status">{game.state === "ended" ? gameMessages.ended : gameMessages.notStarted}</p>
      ) : !loggedIn ? (
        <p>
          <Link to={`/inloggen?returnUrl=${encodeURIComponent(here)}`}>{text.loginToEnter}</Link>
        </p>
      ) : (
        <>
          {methods.has("online") && online ? (
            <form method="post" action={here} aria-label={text.onlineTitle} className="portal-form">
              <h2>{text.onlineTitle}</h2>
              <input type="hidden" name="intent" value="online" />
              {online.tickets.length === 0 ? (
                <p>{text.noOnlineTickets}</p>
              ) : (
                <fieldset className="form-field">
                  <legend>{text.chooseTickets(online.participations, online.maxParticipations)}</legend>
                  {online.tickets.map((ticket) => (
                    <div key={ticket.ticketId} className="form-field__choice">
                      <input
                        type="checkbox"
                        id={`game-ticket-${ticket.ticketId}`}
                        name="ticketId"
                        value={ticket.ticketId}
                        disabled={ticket.entered}
                      />
                      <label htmlFor={`game-ticket-${ticket.ticketId}`}>
                        {text.ticketLine(ticket.ticketNumber, ticket.drawName, ticket.entered)}
                      </label>
                    </div>
                  ))}
                </fieldset>
              )}
              <GameOptIns game={game} prefix="online" />
              <button type="submit" className="button">
                {text.enterChosen}
              </button>
            </form>
          ) : null}
          {methods.has("manual") || methods.has("retail") ? (
            <form method="post" action={here} aria-label={text.typedTitle} className="portal-form">
              <h2>{text.typedTitle}</h2>
              {methods.has("manual") ? (
                <fieldset className="form-field">
                  <legend>{text.numbersLegend}</legend>
                  <label htmlFor="game-numbers">{text.numbersLabel}</label>
                  <p className="form-field__hint" id="game-numbers-hint">
                    {text.numbersHint(MAX_TYPED_NUMBERS)}
                  </p>
                  <textarea
                    id="game-numbers"
                    name="ticketNumbers"
                    rows={4}
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={400}
                    defaultValue={answer?.typed}
                    aria-describedby="game-numbers-hint"
                  />
                  <button type="submit" name="intent" value="manual" className="button">
                    {text.enterNumbers}
                  </button>
                </fieldset>
              ) : null}
              {methods.has("retail") ? (
                <fieldset className="form-field">
                  <legend>{text.retailLegend}</legend>
                  <label htmlFor="game-barcode">{text.barcodeLabel}</label>
                  <input
                    id="game-barcode"
                    name="barcode"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={40}
                  />
                  <button type="submit" name="intent" value="retail" className="button">
                    {text.enterBarcode}
                  </button>
                </fieldset>
              ) : null}
              <GameOptIns game={game} prefix="typed" />
              {/* The widget fetches its token through the API clients. */}
              <ApiProvider>
                <RecaptchaField recaptcha={recaptcha} />
              </ApiProvider>
            </form>
          ) : null}
          {methods.has("subscribe") ? (
            <form method="post" action={here} aria-label={text.subscribeTitle} className="portal-form">
              <h2>{text.subscribeTitle}</h2>
              <input type="hidden" name="intent" value="subscribe" />
              <GameOptIns game={game} prefix="subscribe" />
              <button type="submit" className="button">
                {text.subscribe}
              </button>
            </form>
          ) : null}
        </>
      )}
    </PageFrame>
  );
}
