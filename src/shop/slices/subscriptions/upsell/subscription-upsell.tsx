import { type ReactNode, useId } from "react";
import { Link, useLocation } from "react-router";
import type { SubscriptionUpsellFields } from "@/content-models/subscription-upsell";
import type { SubscriptionChangeQuote } from "@/src/contract/subscription-changes";
import type { SubscriptionSummary } from "@/src/contract/subscriptions";
import { describeItem } from "@/src/domain/subscriptions/item-description";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { subscriptionUpsellBlock as text } from "@/src/lib/messages";
import { IssuedTicketList } from "@/src/shop/components/issued-ticket-list";
import { useHydrated } from "@/src/shop/components/use-hydrated";
import {
  type Applied,
  drawText,
  eligibleItems,
  paymentText,
  type Quote,
  type Subscriptions,
} from "./upsell-model";
import { type PlayerStatus, useUpsell } from "./use-upsell";

/**
 * An upsell for players with a subscription (issue 15, the CMS block `subscriptionUpsell`). A logged-in
 * player chooses items of one of her subscriptions; every change of the choice asks the shop what it would
 * cost, and a confirm applies it: XL from the next draw not yet issued, or one extra play in the special
 * draw of the block (tickets labelled `Extra deelname`). The block shares its page with every visitor, so
 * the player's subscriptions are read in the browser.
 */
export function SubscriptionUpsell({
  player,
  ...props
}: SubscriptionUpsellFields & { player: PlayerStatus }) {
  const id = useId();
  const upsell = useUpsell(props, player);
  const { subscriptions, applied } = upsell;
  const shell = (content: ReactNode) => (
    <section className="subscription-upsell" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      {props.text ? <p>{props.text}</p> : null}
      {content}
    </section>
  );
  if (subscriptions.status !== "ready") return shell(<NotReady subscriptions={subscriptions} />);
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
  if (withItems.length === 0)
    return shell(<p>{props.kind === "xl" ? text.allWithXl : text.noItemsForDraw}</p>);
  return shell(<UpsellForm fields={props} idPrefix={id} withItems={withItems} upsell={upsell} />);
}

/** Loading (without JavaScript: where the subscription can be changed), the login link, or a failure. */
function NotReady({ subscriptions }: { subscriptions: Exclude<Subscriptions, { status: "ready" }> }) {
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  if (subscriptions.status === "loading") {
    if (hydrated) return <p aria-busy="true">{text.loading}</p>;
    return (
      <noscript>
        <p>
          {text.noScript} <Link to="/mijn/abonnementen">{text.mySubscriptions}</Link>
        </p>
      </noscript>
    );
  }
  if (subscriptions.status === "login") {
    const returnUrl = pathname + search;
    return (
      <p>
        {text.loginText}{" "}
        <Link to={`/inloggen?returnUrl=${encodeURIComponent(returnUrl)}`} reloadDocument>
          {text.loginLink}
        </Link>
      </p>
    );
  }
  return (
    <p className="form-error" role="alert">
      {subscriptions.message}
    </p>
  );
}

function UpsellForm({
  fields,
  idPrefix,
  withItems,
  upsell,
}: {
  fields: SubscriptionUpsellFields;
  idPrefix: string;
  withItems: SubscriptionSummary[];
  upsell: ReturnType<typeof useUpsell>;
}) {
  const { kind } = fields;
  const { selected, quote, applying, applyError } = upsell;
  return (
    <form
      className="portal-form subscription-upsell__form"
      aria-labelledby={`${idPrefix}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void upsell.confirm();
      }}
      noValidate
    >
      <fieldset>
        <legend>{kind === "xl" ? text.xlLegend : text.drawLegend}</legend>
        {withItems.map((subscription) => (
          <SubscriptionItems
            key={subscription.id}
            subscription={subscription}
            fields={fields}
            grouped={withItems.length > 1}
            upsell={upsell}
          />
        ))}
      </fieldset>
      {selected.length === 0 ? <p>{text.chooseItems}</p> : null}
      <QuoteView quote={quote} kind={kind} idPrefix={idPrefix} />
      {applyError ? (
        <p className="form-error" role="alert">
          {applyError}
        </p>
      ) : null}
      <div className="portal-form__actions">
        <button type="submit" className="button" disabled={quote.status !== "quoted" || applying}>
          {applying
            ? text.confirming
            : fields.buttonLabel || (kind === "xl" ? text.confirmXl : text.confirmDraw)}
        </button>
      </div>
    </form>
  );
}

/** One subscription's eligible items; with more than one subscription each in a fieldset of its own. */
function SubscriptionItems({
  subscription,
  fields,
  grouped,
  upsell,
}: {
  subscription: SubscriptionSummary;
  fields: SubscriptionUpsellFields;
  grouped: boolean;
  upsell: ReturnType<typeof useUpsell>;
}) {
  const items = eligibleItems(subscription, fields).map((item) => (
    <label key={item.id} className="checkbox">
      <input
        type="checkbox"
        checked={upsell.selected.includes(item.id)}
        onChange={(event) => upsell.toggle(subscription, item.id, event.currentTarget.checked)}
      />{" "}
      {describeItem(item)}
    </label>
  ));
  return grouped ? (
    <fieldset>
      <legend>{text.subscriptionSince(formatDate(subscription.startedAt))}</legend>
      {items}
    </fieldset>
  ) : (
    <div>{items}</div>
  );
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
