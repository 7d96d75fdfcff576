import type { ReactNode } from "react";
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
  const { mandate, promotion, nextDraw } = subscription;
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
        <dt>{text.monthly}</dt>
        <dd>{formatEuroCents(subscription.monthlyAmountInCents)}</dd>
        <dt>{text.account}</dt>
        <dd>
          {mandate.ibanMasked} ({mandate.accountHolder})
        </dd>
        <dt>{text.mandateId}</dt>
        <dd>{mandate.mandateId}</dd>
        {promotion ? (
          <>
            <dt>{text.promotion}</dt>
            <dd>{text.promotionLeft(promotion.label, promotion.drawsLeft)}</dd>
          </>
        ) : null}
        <dt>{text.nextDraw}</dt>
        <dd>
          {nextDraw
            ? text.nextDrawText(
                `${nextDraw.name} (${formatDate(nextDraw.drawDate)})`,
                formatEuroCents(nextDraw.amountInCents),
              )
            : text.noNextDraw}
        </dd>
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
