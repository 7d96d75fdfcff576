import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import type { SubscriptionSummary } from "@/src/contract/subscriptions";
import { describeItem } from "@/src/domain/subscriptions/item-description";
import { subscriptionCancelPath, subscriptionEditPath } from "@/src/domain/subscriptions/subscription-paths";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { subscriptionEditPage, mySubscriptions as text } from "@/src/lib/messages";
import { TableScroll } from "@/src/shop/components/table-scroll";

/**
 * One of the player's subscriptions on `/mijn/abonnementen` (issue 14, item 7): its status, items, monthly
 * amount, mandate, promotion, next draw and last collections.
 */
export function SubscriptionCard({
  subscription,
  payForm,
}: {
  subscription: SubscriptionSummary;
  /** "Nu betalen" of a locked subscription that owes an amount (issue 40). */
  payForm?: ReactNode;
}) {
  const titleId = `subscription-${subscription.id}`;
  const { mandate } = subscription;
  return (
    <section
      className={`subscription-card subscription-card--${subscription.status}`}
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>{text.subscription(subscription.id)}</h2>
      <dl className="details">
        <dt>{text.status}</dt>
        <dd>
          <strong>{text.statusLabels[subscription.status]}</strong>
          {subscription.status === "locked" ? <p className="form-field__hint">{text.lockedHint}</p> : null}
          {subscription.cancelledAt ? <p>{text.cancelledOn(formatDate(subscription.cancelledAt))}</p> : null}
        </dd>
        {subscription.outstandingInCents > 0 ? (
          <>
            <dt>{text.outstanding}</dt>
            <dd>
              <strong>{formatEuroCents(subscription.outstandingInCents)}</strong>
              {payForm}
            </dd>
          </>
        ) : null}
        <dt>{text.since}</dt>
        <dd>
          {subscription.startDraw.name} ({formatDate(subscription.startDraw.drawDate)})
        </dd>
        {subscription.status === "cancelled" ? (
          <CancelledDetails subscription={subscription} />
        ) : (
          <RunningDetails subscription={subscription} />
        )}
        <dt>{text.account}</dt>
        <dd>
          {mandate.ibanMasked} ({mandate.accountHolder})
        </dd>
        <dt>{text.mandateId}</dt>
        <dd>{mandate.mandateId}</dd>
      </dl>
      {subscription.status !== "cancelled" ? <CardActions subscription={subscription} /> : null}
      <h3>{text.items}</h3>
      <ul>
        {subscription.items.map((item) => (
          <li key={item.id}>{describeItem(item)}</li>
        ))}
      </ul>
      <Collections collections={subscription.collections} />
    </section>
  );
}

const drawText = (draw: { name: string; drawDate: string }) => `${draw.name} (${formatDate(draw.drawDate)})`;

/** A cancelled subscription (issue 43): its last draw instead of amounts, offers and a next draw. */
function CancelledDetails({ subscription }: { subscription: SubscriptionSummary }) {
  return (
    <>
      <dt>{text.lastDraw}</dt>
      <dd>{subscription.lastDraw ? drawText(subscription.lastDraw) : text.noLastDraw}</dd>
    </>
  );
}

/** An active or locked subscription: its amount, promotion, accepted retention offer and next draw. */
function RunningDetails({ subscription }: { subscription: SubscriptionSummary }) {
  const { promotion, nextDraw, pause } = subscription;
  const discounts = subscription.discounts.filter((discount) => discount.drawsLeft > 0);
  return (
    <>
      <dt>{text.monthly}</dt>
      <dd>{formatEuroCents(subscription.monthlyAmountInCents)}</dd>
      {promotion ? (
        <>
          <dt>{text.promotion}</dt>
          <dd>{text.promotionLeft(promotion.label, promotion.drawsLeft)}</dd>
        </>
      ) : null}
      {discounts.map((discount) => (
        <Fragment key={discount.label}>
          <dt>{text.retentionOffer}</dt>
          <dd>
            {text.discountUntil(
              discount.label,
              discount.discountPercent,
              discount.drawsLeft,
              discount.lastDraw ? drawText(discount.lastDraw) : undefined,
            )}
          </dd>
        </Fragment>
      ))}
      {pause ? (
        <>
          <dt>{text.pause}</dt>
          <dd>{text.pausedFromUntil(formatDate(pause.from), formatDate(pause.until))}</dd>
        </>
      ) : null}
      <dt>{text.nextDraw}</dt>
      <dd>
        {nextDraw
          ? text.nextDrawText(drawText(nextDraw), formatEuroCents(nextDraw.amountInCents))
          : text.noNextDraw}
      </dd>
    </>
  );
}

/** The last collections: draw, amount, how and whether it was paid. */
function Collections({ collections }: { collections: SubscriptionSummary["collections"] }) {
  if (collections.length === 0) return <p className="muted">{text.noCollections}</p>;
  return (
    <TableScroll label={text.collections}>
      <table className="ticket-table">
        <caption>{text.collections}</caption>
        <thead>
          <tr>
            <th scope="col">{text.collectionDraw}</th>
            <th scope="col">{text.collectionAmount}</th>
            <th scope="col">{text.collectionMethod}</th>
            <th scope="col">{text.collectionState}</th>
          </tr>
        </thead>
        <tbody>
          {collections.map((collection) => (
            <tr key={collection.drawId}>
              <td>
                {collection.drawName} ({formatDate(collection.drawDate)})
              </td>
              <td>{formatEuroCents(collection.amountInCents)}</td>
              <td>{text.methodLabels[collection.method]}</td>
              <td>{text.stateLabels[collection.state]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function CardActions({ subscription }: { subscription: SubscriptionSummary }) {
  return (
    <ul className="subscription-card__actions">
      <li>
        <Link to={subscriptionEditPath(subscription.id)}>{subscriptionEditPage.changeLink}</Link>
      </li>
      {subscription.cancelableOnline ? (
        <li>
          <Link to={subscriptionCancelPath(subscription.id)}>{subscriptionEditPage.cancelShortLink}</Link>
        </li>
      ) : null}
    </ul>
  );
}
