import { Link } from "react-router";
import type {
  CancelApplied,
  RetentionOfferInfo,
  SubscriptionChangeApplied,
} from "@/src/contract/subscription-changes";
import { describeItem } from "@/src/domain/subscriptions/item-description";
import { formatEuroCents } from "@/src/lib/format";
import { subscriptionCancelPage as text } from "@/src/lib/messages";
import { CustomerServiceLine } from "@/src/shop/components/customer-service";
import { LastDraw, StepOf } from "./choose-step";

const SUBSCRIPTIONS = "/mijn/abonnementen";

/** Step 3: the cancellation done, the last draw it plays in and the confirmation e-mail. */
export function CancelledStep({
  applied,
  email,
  steps,
}: {
  applied: CancelApplied;
  email: string | null;
  steps: number;
}) {
  const stopped = applied.items.filter((item) => item.change === "removed" && item.before);
  return (
    <section className="cancel-flow__outcome" aria-labelledby="cancel-outcome-title">
      <StepOf step={steps} steps={steps} />
      <h2 id="cancel-outcome-title">{applied.whole ? text.cancelledHeading : text.itemsCancelledHeading}</h2>
      {applied.whole ? null : (
        <>
          <p>{text.cancelledItems}</p>
          <ul>
            {stopped.map((item) => (
              <li key={item.id}>{item.before ? describeItem(item.before) : null}</li>
            ))}
          </ul>
        </>
      )}
      <LastDraw draw={applied.lastDraw} />
      {applied.confirmationEmailQueued ? <p>{email ? text.mailedTo(email) : text.mailed}</p> : null}
      <p>
        <Link to={SUBSCRIPTIONS}>{text.toSubscriptions}</Link>
      </p>
    </section>
  );
}

/** Step 3 after accepting an offer: the subscription stays, with what changed and from which draw. */
export function KeptStep({
  applied,
  offer,
}: {
  applied: SubscriptionChangeApplied;
  offer: RetentionOfferInfo | null;
}) {
  return (
    <section className="cancel-flow__outcome" aria-labelledby="cancel-outcome-title">
      <StepOf step={3} steps={3} />
      <h2 id="cancel-outcome-title">{text.keptHeading}</h2>
      {offer ? <p>{text.keptOffer(offer.title)}</p> : null}
      {applied.effectiveDraw ? <p>{text.keptFrom(applied.effectiveDraw.name)}</p> : null}
      {applied.subscription.nextDraw ? (
        <p>{text.keptNextAmount(formatEuroCents(applied.subscription.nextDraw.amountInCents))}</p>
      ) : null}
      <p>
        <Link to={SUBSCRIPTIONS}>{text.toSubscriptions}</Link>
      </p>
    </section>
  );
}

/** A refusal that ends the flow (already cancelled, by phone only, a used transaction): its text, and the way back. */
export function StoppedStep({
  message,
  restart,
  byCustomerService,
}: {
  message: string;
  restart?: string;
  /** The refusal is SubscriptionNotCancelableError: what happens next, and the way to the customer service. */
  byCustomerService?: boolean;
}) {
  return (
    <div className="cancel-flow__outcome">
      <p className="form-error" role="alert">
        {message}
      </p>
      {byCustomerService ? <CustomerServiceLine next={text.byCustomerService} /> : null}
      <p>
        <Link to={SUBSCRIPTIONS}>{text.toSubscriptions}</Link>
        {restart ? (
          <>
            {" "}
            <Link to={restart}>{text.startAgain}</Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
