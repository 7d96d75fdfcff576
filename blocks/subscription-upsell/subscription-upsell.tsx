import { useEffect, useId, useMemo, useState } from "react";
import { Link, useLocation } from "react-router";
import type { SubscriptionUpsellFields } from "@/content-models/subscription-upsell";
import {
  applyDrawUpsell,
  applyXlUpsell,
  type DrawUpsellApplied,
  type SubscriptionChangeApplied,
  type SubscriptionChangeQuote,
  verifyDrawUpsell,
  verifyXlUpsell,
} from "@/src/contract/subscription-changes";
import { getSubscriptions, type SubscriptionSummary } from "@/src/contract/subscriptions";
import { describeItem } from "@/src/domain/subscriptions/item-description";
import { FRACTIONS_BY_DRAW_KIND } from "@/src/domain/tickets/catalogue";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { general, subscriptionUpsellBlock as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { createLatestOnly } from "@/src/shop/client/latest-only";
import { ApiProvider, useApiClients } from "@/src/shop/components/api-context";
import { useShell } from "@/src/shop/components/shell-context";
import { useHydrated } from "@/src/shop/components/use-hydrated";
import { IssuedTicketList } from "@/src/shop/slices/checkout/issued-ticket-list";
import { usePlayer } from "@/src/shop/slices/player/player-store";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: an upsell for players with a subscription (issue 15). A logged-in player chooses items of one
 * of her subscriptions; every change of the choice asks the shop what it would cost (a newer call aborts
 * the one in flight), and a confirm applies it under a transaction id: XL from the next draw not yet
 * issued, or one extra play in the special draw of the block (tickets labelled `Extra deelname`). The
 * block shares its page with every visitor, so the player's subscriptions are read in the browser, and
 * only when the login cookie says there is a player (a visitor gets a login link without any API call).
 */
export default function SubscriptionUpsellBlock({ block }: BlockViewProps<"subscriptionUpsell">) {
  const { props } = block;
  return (
    <ApiProvider>
      <SubscriptionUpsell {...props} />
    </ApiProvider>
  );
}

type Subscriptions =
  | { status: "loading" }
  | { status: "login" }
  | { status: "failed"; message: string }
  | { status: "ready"; subscriptions: SubscriptionSummary[] };

type Quote =
  | { status: "idle" }
  | { status: "checking" }
  /** `key`: the selection it was asked for; shown only while that is the selection. */
  | { status: "quoted"; quote: SubscriptionChangeQuote; key: string }
  | { status: "failed"; message: string };

type Applied =
  | { kind: "xl"; result: SubscriptionChangeApplied }
  | { kind: "draw"; result: DrawUpsellApplied };

/** What went wrong in Dutch: the shop's text for the choice (a 422) or for its code. */
function messageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return general.generic;
  return Object.values(error.fieldErrors).flat()[0] ?? error.message;
}

/**
 * The items an upsell can take: for XL those without it; for a draw those whose fraction that draw sells
 * (the year-end draw sells no fifths).
 */
function eligibleItems(
  subscription: SubscriptionSummary,
  { kind, drawKind }: Pick<SubscriptionUpsellFields, "kind" | "drawKind">,
) {
  if (kind === "xl") return subscription.items.filter((item) => !item.withXl);
  const fractions: readonly string[] = FRACTIONS_BY_DRAW_KIND[drawKind ?? "extra"];
  return subscription.items.filter((item) => fractions.includes(item.fractionType));
}

function newTransactionId(): string {
  return crypto.randomUUID();
}

function SubscriptionUpsell(props: SubscriptionUpsellFields) {
  const { pageId, kind, drawKind, title } = props;
  const id = useId();
  const clients = useApiClients();
  const { env } = useShell();
  const player = usePlayer(env).status;
  const { pathname, search } = useLocation();
  const [subscriptions, setSubscriptions] = useState<Subscriptions>({ status: "loading" });
  const [selected, setSelected] = useState<number[]>([]);
  const [transactionId, setTransactionId] = useState(newTransactionId);
  const [quote, setQuote] = useState<Quote>({ status: "idle" });
  const [applying, setApplying] = useState(false);
  const [applyError, setApplyError] = useState<string>();
  const [applied, setApplied] = useState<Applied>();
  const latest = useMemo(() => createLatestOnly(), []);
  const hydrated = useHydrated();

  useEffect(() => {
    if (player === "notLoggedIn" || player === "loggingOut") setSubscriptions({ status: "login" });
    if (player === "error") setSubscriptions({ status: "failed", message: general.generic });
    if (player !== "player") return;
    let current = true;
    clients.shop.call(getSubscriptions).then(
      ({ subscriptions: all }) => {
        if (!current) return;
        const open = all.filter((subscription) => subscription.status !== "cancelled");
        setSubscriptions({ status: "ready", subscriptions: open });
        // The first subscription's items, to show at once what the upsell costs.
        const upsell = { kind, drawKind };
        const first = open.find((subscription) => eligibleItems(subscription, upsell).length > 0);
        setSelected(first ? eligibleItems(first, upsell).map((item) => item.id) : []);
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) setSubscriptions({ status: "login" });
        else setSubscriptions({ status: "failed", message: messageOf(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [clients, kind, drawKind, player]);

  const selectionKey = selected.join(",");
  useEffect(() => {
    if (applied) return;
    const subscriptionItems = selectionKey ? selectionKey.split(",").map(Number) : [];
    if (subscriptionItems.length === 0) {
      latest.cancel();
      setQuote({ status: "idle" });
      return;
    }
    setQuote({ status: "checking" });
    setApplyError(undefined);
    const endpoint = kind === "xl" ? verifyXlUpsell : verifyDrawUpsell;
    latest((signal) =>
      clients.shop.call(endpoint, { params: { pageId }, body: { subscriptionItems }, signal }),
    ).then(
      (answer) => setQuote({ status: "quoted", quote: answer, key: selectionKey }),
      (error: unknown) => {
        // A newer choice's call took over: its answer is the one to show.
        if (error instanceof ApiError && error.aborted) return;
        setQuote({ status: "failed", message: messageOf(error) });
      },
    );
  }, [selectionKey, kind, pageId, clients, latest, applied]);

  useEffect(() => () => latest.cancel(), [latest]);
  // Between a new selection and its call, the last answer belongs to another selection: not shown, not confirmed.
  const current: Quote =
    quote.status === "quoted" && quote.key !== selectionKey ? { status: "checking" } : quote;

  const heading = <h2 id={`${id}-title`}>{title}</h2>;
  const shell = (content: React.ReactNode) => (
    <section className="subscription-upsell" aria-labelledby={`${id}-title`}>
      {heading}
      {props.text ? <p>{props.text}</p> : null}
      {content}
    </section>
  );

  if (subscriptions.status === "loading") {
    // The player's subscriptions are read in the browser: without JavaScript the block says where the
    // subscription can be changed instead of loading for ever.
    if (hydrated) return shell(<p aria-busy="true">{text.loading}</p>);
    return shell(
      <noscript>
        <p>
          {text.noScript} <Link to="/mijn/abonnementen">{text.mySubscriptions}</Link>
        </p>
      </noscript>,
    );
  }
  if (subscriptions.status === "login") {
    const returnUrl = pathname + search;
    return shell(
      <p>
        {text.loginText}{" "}
        <Link to={`/inloggen?returnUrl=${encodeURIComponent(returnUrl)}`} reloadDocument>
          {text.loginLink}
        </Link>
      </p>,
    );
  }
  if (subscriptions.status === "failed") {
    return shell(
      <p className="form-error" role="alert">
        {subscriptions.message}
      </p>,
    );
  }
  if (subscriptions.subscriptions.length === 0) {
    return shell(
      <p>
        {text.noSubscription} <Link to="/abonnement">{text.subscribeLink}</Link>
      </p>,
    );
  }
  if (applied) return shell(<AppliedResult applied={applied} />);

  const withItems = subscriptions.subscriptions.filter(
    (subscription) => eligibleItems(subscription, props).length > 0,
  );
  if (withItems.length === 0) return shell(<p>{kind === "xl" ? text.allWithXl : text.noItemsForDraw}</p>);

  /** Items of one subscription at a time: choosing one of another starts a new choice there. */
  const toggle = (subscription: SubscriptionSummary, itemId: number, checked: boolean) => {
    const own = new Set(subscription.items.map((item) => item.id));
    const kept = selected.filter((chosen) => own.has(chosen) && chosen !== itemId);
    setSelected(checked ? [...kept, itemId] : kept);
    setTransactionId(newTransactionId());
  };

  const confirm = async () => {
    if (current.status !== "quoted") return;
    setApplying(true);
    setApplyError(undefined);
    const input = { params: { pageId }, body: { transactionId, subscriptionItems: selected } };
    try {
      if (kind === "xl") {
        setApplied({ kind, result: await clients.shop.call(applyXlUpsell, input) });
      } else {
        setApplied({ kind, result: await clients.shop.call(applyDrawUpsell, input) });
      }
    } catch (error) {
      // The same transaction id again on a retry: the shop answers what it did, or does it once.
      setApplyError(messageOf(error));
    } finally {
      setApplying(false);
    }
  };

  const multiple = withItems.length > 1;
  return shell(
    <form
      className="portal-form subscription-upsell__form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
      noValidate
    >
      <fieldset>
        <legend>{kind === "xl" ? text.xlLegend : text.drawLegend}</legend>
        {withItems.map((subscription) => {
          const items = eligibleItems(subscription, props).map((item) => (
            <label key={item.id} className="checkbox">
              <input
                type="checkbox"
                checked={selected.includes(item.id)}
                onChange={(event) => toggle(subscription, item.id, event.currentTarget.checked)}
              />{" "}
              {describeItem(item)}
            </label>
          ));
          return multiple ? (
            <fieldset key={subscription.id}>
              <legend>{text.subscriptionSince(formatDate(subscription.startedAt))}</legend>
              {items}
            </fieldset>
          ) : (
            <div key={subscription.id}>{items}</div>
          );
        })}
      </fieldset>
      {selected.length === 0 ? <p>{text.chooseItems}</p> : null}
      <QuoteView quote={current} kind={kind} idPrefix={id} />
      {applyError ? (
        <p className="form-error" role="alert">
          {applyError}
        </p>
      ) : null}
      <div className="portal-form__actions">
        <button type="submit" className="button" disabled={current.status !== "quoted" || applying}>
          {applying
            ? text.confirming
            : props.buttonLabel || (kind === "xl" ? text.confirmXl : text.confirmDraw)}
        </button>
      </div>
    </form>,
  );
}

const drawText = (draw: { name: string; drawDate: string }) =>
  text.draw(draw.name, formatDate(draw.drawDate));

function paymentText(payment: SubscriptionChangeQuote["payment"]): string {
  if (payment.method === "nextCollection") return text.payNextCollection;
  if (payment.method === "directDebitOnce") return text.payOnce(formatEuroCents(payment.amountInCents));
  return text.payNothing;
}

/** What the shop answered for the choice: the cost, from or for which draw, and how it is paid. */
function QuoteView({
  quote,
  kind,
  idPrefix,
}: {
  quote: Quote;
  kind: SubscriptionUpsellFields["kind"];
  idPrefix: string;
}) {
  if (quote.status === "idle") return null;
  const titleId = `${idPrefix}-quote`;
  return (
    <section className="subscription-upsell__quote" aria-labelledby={titleId} aria-live="polite">
      <h3 id={titleId}>{text.quoteTitle}</h3>
      {quote.status === "checking" ? <p aria-busy="true">{text.checking}</p> : null}
      {quote.status === "failed" ? (
        <p className="form-error" role="alert">
          {quote.message}
        </p>
      ) : null}
      {quote.status === "quoted" ? <QuoteFigures quote={quote.quote} kind={kind} /> : null}
    </section>
  );
}

function QuoteFigures({
  quote,
  kind,
}: {
  quote: SubscriptionChangeQuote;
  kind: SubscriptionUpsellFields["kind"];
}) {
  const { payment, effectiveDraw } = quote;
  if (kind === "xl") {
    return (
      <dl className="details">
        <dt>{text.xlExtraPerMonth}</dt>
        <dd>
          <strong>
            {formatEuroCents(Math.max(0, quote.monthlyAmountAfterInCents - quote.monthlyAmountBeforeInCents))}
          </strong>
        </dd>
        <dt>{text.monthlyAfter}</dt>
        <dd>{formatEuroCents(quote.monthlyAmountAfterInCents)}</dd>
        {effectiveDraw ? (
          <>
            <dt>{text.xlFrom}</dt>
            <dd>{drawText(effectiveDraw)}</dd>
          </>
        ) : null}
        <dt>{text.paymentTitle}</dt>
        <dd>{paymentText(payment)}</dd>
      </dl>
    );
  }
  const draw = payment.draw ?? effectiveDraw;
  return (
    <dl className="details">
      <dt>{text.drawCost}</dt>
      <dd>
        <strong>{formatEuroCents(payment.amountInCents)}</strong>
      </dd>
      {draw ? (
        <>
          <dt>{text.drawFor}</dt>
          <dd>{drawText(draw)}</dd>
        </>
      ) : null}
      <dt>{text.paymentTitle}</dt>
      <dd>{paymentText(payment)}</dd>
    </dl>
  );
}

function AppliedResult({ applied }: { applied: Applied }) {
  const { result } = applied;
  const draw = result.payment.draw ?? result.effectiveDraw;
  if (applied.kind === "xl") {
    return (
      <div role="status">
        <p>{draw ? text.xlDone(drawText(draw)) : text.xlDoneNoDraw}</p>
        <p>
          {paymentText(result.payment)} <Link to="/mijn/abonnementen">{text.mySubscriptions}</Link>
        </p>
      </div>
    );
  }
  // The upsell's tickets all play in its one draw.
  const draws = draw ? [draw] : [];
  return (
    <div>
      <p role="status">{draw ? text.drawDone(drawText(draw)) : text.drawTickets}</p>
      <p>{paymentText(result.payment)}</p>
      <IssuedTicketList draws={draws} tickets={applied.result.tickets} heading={text.drawTickets} />
      <p>
        <Link to="/mijn/abonnementen">{text.mySubscriptions}</Link>
      </p>
    </div>
  );
}
