import { Link } from "react-router";
import { describeItem } from "@/src/domain/subscriptions/item-description";
import { subscriptionCancelPath, subscriptionPayPath } from "@/src/domain/subscriptions/subscription-paths";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import {
  mySubscriptions,
  shopCodes,
  subscriptionCancelPage,
  subscriptionEditPage as text,
} from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { ApiProvider } from "@/src/shop/components/api-context";
import { CustomerServiceLine } from "@/src/shop/components/customer-service";
import { AddItemsForm } from "@/src/shop/slices/subscriptions/edit/add-items-form";
import type { EditAnswer } from "@/src/shop/slices/subscriptions/edit/edit-answer";
import { ItemChangeForm } from "@/src/shop/slices/subscriptions/edit/item-change-form";
import { RemoveItemForm } from "@/src/shop/slices/subscriptions/edit/remove-item-form";
import type { Route } from "../+types/account-subscription-edit";

type LoaderData = Route.ComponentProps["loaderData"];
type Details = LoaderData["details"];

export function AccountSubscriptionEditPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { details, token, transactionIds } = loaderData;
  const answer = actionData as EditAnswer | undefined;
  const id = details.subscriptionId;
  const changeable = details.status === "active";
  return (
    <PageFrame title={text.title} intro={text.intro(id)}>
      {answer?.kind === "applied" ? (
        <div className="flash flash--success subscription-edit__applied" role="status">
          <p>{answer.message.join(" ")}</p>
        </div>
      ) : null}
      {answer?.kind === "failed" ? (
        <p className="form-error" role="alert">
          {answer.formError}
        </p>
      ) : null}
      <CurrentSubscription details={details} changeable={changeable} />
      {details.status === "locked" ? (
        <div className="form-error" role="alert">
          <p>
            {loaderData.outstandingInCents > 0
              ? mySubscriptions.editLocked(formatEuroCents(loaderData.outstandingInCents))
              : shopCodes.SubscriptionLockedError}
          </p>
          <p>
            <Link to={subscriptionPayPath(id)}>{mySubscriptions.toPayment}</Link>
          </p>
        </div>
      ) : null}
      {details.status === "cancelled" ? <p role="alert">{text.cancelled}</p> : null}
      {changeable ? (
        <ApiProvider>
          <ChangeItems details={details} token={token} transactionIds={transactionIds} answer={answer} />
          {details.items.length < details.maxItems ? (
            <AddItemsForm
              key={transactionIds.add}
              details={details}
              token={token}
              transactionId={transactionIds.add}
              answer={answer?.kind === "add" ? answer : undefined}
              defaultQuote={loaderData.addQuote}
            />
          ) : null}
        </ApiProvider>
      ) : null}
      {details.status !== "cancelled" ? (
        <section aria-labelledby="subscription-edit-cancel">
          <h2 id="subscription-edit-cancel">{text.cancelTitle}</h2>
          {details.cancelableOnline ? (
            <p>
              <Link to={subscriptionCancelPath(id)}>{text.cancelLink}</Link>
            </p>
          ) : (
            <>
              <p>{shopCodes.SubscriptionNotCancelableError}</p>
              <CustomerServiceLine next={subscriptionCancelPage.byCustomerService} />
            </>
          )}
        </section>
      ) : null}
      <p>
        <Link to="/mijn/abonnementen">{text.toSubscriptions}</Link>
      </p>
    </PageFrame>
  );
}

/** The subscription as it stands: the monthly amount, the draw a change takes effect from, its items. */
function CurrentSubscription({ details, changeable }: { details: Details; changeable: boolean }) {
  return (
    <section aria-labelledby="subscription-edit-current">
      <h2 id="subscription-edit-current">{text.currentTitle}</h2>
      <dl className="details">
        {details.status !== "cancelled" ? (
          <>
            <dt>{text.monthly}</dt>
            <dd>{formatEuroCents(details.monthlyAmountInCents)}</dd>
            <dt>{text.effectiveFrom}</dt>
            <dd>
              {details.effectiveDraw
                ? text.drawOn(details.effectiveDraw.name, formatDate(details.effectiveDraw.drawDate))
                : text.noEffectiveDraw}
            </dd>
          </>
        ) : null}
      </dl>
      <h3>{text.items}</h3>
      <ul>
        {details.items.map((item) => (
          <li key={item.id}>{describeItem(item)}</li>
        ))}
      </ul>
      {changeable ? <p className="form-field__hint">{text.issuedStay}</p> : null}
    </section>
  );
}

/** A change form per item, each with its remove form, under the transaction ids the loader handed out. */
function ChangeItems({
  details,
  token,
  transactionIds,
  answer,
}: {
  details: Details;
  token: string;
  transactionIds: LoaderData["transactionIds"];
  answer: EditAnswer | undefined;
}) {
  return (
    <section aria-labelledby="subscription-edit-items">
      <h2 id="subscription-edit-items">{text.changeItemsTitle}</h2>
      {details.items.map((item, index) => {
        const ids = transactionIds.items[item.id];
        if (!ids) return null;
        return (
          <ItemChangeForm
            key={ids.update}
            item={item}
            index={index}
            details={details}
            token={token}
            transactionId={ids.update}
            answer={answer?.kind === "update" && answer.itemId === item.id ? answer : undefined}
            removeForm={
              <RemoveItemForm
                key={ids.remove}
                idPrefix={`item-${item.id}`}
                itemId={item.id}
                token={token}
                transactionId={ids.remove}
                cancelPath={subscriptionCancelPath(details.subscriptionId)}
                answer={answer?.kind === "remove" && answer.itemId === item.id ? answer : undefined}
              />
            }
          />
        );
      })}
    </section>
  );
}
