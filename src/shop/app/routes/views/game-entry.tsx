import { useMemo } from "react";
import { Link } from "react-router";
import type { EntryResult } from "@/src/contract/games-of-chance";
import { formatDate } from "@/src/lib/format";
import { gameMessages, gamePage as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { ApiProvider } from "@/src/shop/components/api-context";
import {
  EntryResultList,
  GameOptIns,
  gameEntryPath,
} from "@/src/shop/slices/games-of-chance/game-entry-parts";
import type { PortalFormResult } from "@/src/shop/slices/portal/form-result";
import {
  RecaptchaField,
  RecaptchaMissing,
  useRecaptchaGuard,
} from "@/src/shop/slices/portal/recaptcha-field";
import type { Route } from "../+types/game-entry";

/** Spec: up to 10 typed ticket numbers at once. */
export const MAX_TYPED_NUMBERS = 10;

export type Answer = {
  intent: string;
  /** The numbers as typed, shown again after a refusal. */
  typed?: string;
  /** The own tickets ticked, ticked again after a refusal (issue 43). */
  ticked?: string[];
  result?: EntryResult;
  /** Per ticket when nothing entered; otherwise the form's message. */
  failed?: EntryResult["failed"];
  error?: string;
  recaptchaRequired: boolean;
};

export function GameEntryPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const answer = actionData as Answer | undefined;
  // Typed numbers and barcodes always need the widget; each answer starts it over (one object per answer).
  const asking = useMemo(() => ({ recaptchaRequired: true, answer }), [answer]);
  const guard = useRecaptchaGuard(asking as Pick<PortalFormResult, "recaptchaRequired">);
  const { game, online, loggedIn } = loaderData;
  if (!game) {
    return (
      <PageFrame title={text.title}>
        <p role="alert">{gameMessages.notFound}</p>
      </PageFrame>
    );
  }
  const here = gameEntryPath(game.pageId);
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
        <EntryForms game={game} online={online} here={here} answer={answer} guard={guard} />
      )}
    </PageFrame>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];
type Game = NonNullable<LoaderData["game"]>;
type Online = NonNullable<LoaderData["online"]>;
type Guard = ReturnType<typeof useRecaptchaGuard>;

/** A form per way of entering the game that it offers: own tickets, typed numbers or barcodes, a subscription. */
function EntryForms({
  game,
  online,
  here,
  answer,
  guard,
}: {
  game: Game;
  online: LoaderData["online"];
  here: string;
  answer: Answer | undefined;
  guard: Guard;
}) {
  const methods = new Set(game.entryMethods);
  return (
    <>
      {methods.has("online") && online ? (
        <OnlineEntryForm game={game} online={online} here={here} ticked={answer?.ticked} />
      ) : null}
      {methods.has("manual") || methods.has("retail") ? (
        <TypedEntryForm game={game} here={here} typed={answer?.typed} guard={guard} />
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
  );
}

/**
 * Typed numbers and barcodes: the fields, the opt-ins and the reCAPTCHA, then the buttons (issue 43: they
 * were above the opt-ins and the widget). Sent without the widget's token, the form says so and stays.
 */
function TypedEntryForm({
  game,
  here,
  typed,
  guard,
}: {
  game: Game;
  here: string;
  typed: string | undefined;
  guard: Guard;
}) {
  const methods = new Set(game.entryMethods);
  return (
    <form
      method="post"
      action={here}
      aria-label={text.typedTitle}
      className="portal-form"
      onSubmit={guard.onSubmit}
    >
      <h2>{text.typedTitle}</h2>
      {methods.has("manual") ? <TypedNumbersField typed={typed} /> : null}
      {methods.has("retail") ? <BarcodeField /> : null}
      <GameOptIns game={game} prefix="typed" />
      {/* The widget fetches its token through the API clients. */}
      <ApiProvider>
        <RecaptchaField recaptcha={guard.recaptcha} />
      </ApiProvider>
      <RecaptchaMissing missing={guard.missing} />
      <div className="portal-form__actions">
        {methods.has("manual") ? (
          <button type="submit" name="intent" value="manual" className="button">
            {text.enterNumbers}
          </button>
        ) : null}
        {methods.has("retail") ? (
          <button type="submit" name="intent" value="retail" className="button">
            {text.enterBarcode}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function OnlineEntryForm({
  game,
  online,
  here,
  ticked,
}: {
  game: Game;
  online: Online;
  here: string;
  ticked: readonly string[] | undefined;
}) {
  return (
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
                defaultChecked={!ticket.entered && ticked?.includes(ticket.ticketId)}
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
  );
}

function TypedNumbersField({ typed }: { typed: string | undefined }) {
  return (
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
        defaultValue={typed}
        aria-describedby="game-numbers-hint"
      />
    </fieldset>
  );
}

function BarcodeField() {
  return (
    <fieldset className="form-field">
      <legend>{text.retailLegend}</legend>
      <label htmlFor="game-barcode">{text.barcodeLabel}</label>
      <input id="game-barcode" name="barcode" inputMode="numeric" autoComplete="off" maxLength={40} />
    </fieldset>
  );
}
