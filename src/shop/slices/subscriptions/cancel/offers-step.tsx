import type { CancelQuote, RetentionOfferInfo } from "@/src/contract/subscription-changes";
import { formatEuroCents } from "@/src/lib/format";
import { subscriptionCancelPage as text } from "@/src/lib/messages";
import { FormToken } from "@/src/shop/components/form-token";
import { CANCEL_FIELD, type CancelChoice } from "./cancel-flow";
import { LastDraw, StepOf } from "./choose-step";

/**
 * The one button style of step 2: each offer's "Ja, dit wil ik" and "Nee, toch opzeggen" look and weigh
 * the same (shared/domain.md: declining is always as prominent as the offers).
 */
export const STEP_TWO_BUTTON = "button";

type StepForm = { transactionId: string; token: string; choice: CancelChoice };

/** The hidden fields every post of step 2 carries: the flow's transaction id and the items of step 1. */
function CarriedFields({ form }: { form: StepForm }) {
  return (
    <>
      <FormToken token={form.token} />
      <input type="hidden" name={CANCEL_FIELD.transactionId} value={form.transactionId} />
      {form.choice.items?.map((id) => (
        <input key={id} type="hidden" name={CANCEL_FIELD.item} value={id} />
      ))}
      <input type="hidden" name={CANCEL_FIELD.scope} value={form.choice.items ? "items" : "whole"} />
    </>
  );
}

function OfferCard({ offer, form }: { offer: RetentionOfferInfo; form: StepForm }) {
  const titleId = `retention-offer-${offer.id}`;
  return (
    <article className="cancel-flow__card" aria-labelledby={titleId}>
      <h3 id={titleId}>{offer.title}</h3>
      <p>{offer.description}</p>
      <p>
        <strong>{text.nextDrawAmount(formatEuroCents(offer.nextAmountInCents))}</strong>
      </p>
      {offer.effectiveDraw ? <p>{text.fromDraw(offer.effectiveDraw.name)}</p> : null}
      <form method="post">
        <CarriedFields form={form} />
        <input type="hidden" name={CANCEL_FIELD.offerId} value={offer.id} />
        {/* Every offer's button reads "Ja, dit wil ik": the offer's title tells them apart. */}
        <button
          type="submit"
          className={STEP_TWO_BUTTON}
          name={CANCEL_FIELD.intent}
          value="accept"
          aria-describedby={titleId}
        >
          {text.accept}
        </button>
      </form>
    </article>
  );
}

/**
 * Step 2: the retention offers of the CMS, each an equal card, and beside them a card of the same weight
 * for going on with the cancellation.
 */
export function OffersStep({
  form,
  quote,
  offers,
  notice,
}: {
  form: StepForm;
  quote: CancelQuote;
  offers: RetentionOfferInfo[];
  notice: string | null;
}) {
  return (
    <section className="cancel-flow__offers" aria-labelledby="cancel-offers-title">
      <StepOf step={2} steps={3} />
      <h2 id="cancel-offers-title">{text.offersHeading}</h2>
      {notice ? (
        <p className="form-error" role="alert">
          {notice}
        </p>
      ) : null}
      <p>{offers.length > 0 ? text.offersIntro : text.noOffers}</p>
      <div className="cancel-flow__cards">
        {offers.map((offer) => (
          <OfferCard key={offer.id} offer={offer} form={form} />
        ))}
        <article className="cancel-flow__card" aria-labelledby="cancel-decline-title">
          <h3 id="cancel-decline-title">{text.declineHeading}</h3>
          <LastDraw draw={quote.lastDraw} />
          <form method="post">
            <CarriedFields form={form} />
            <button type="submit" className={STEP_TWO_BUTTON} name={CANCEL_FIELD.intent} value="cancel">
              {text.decline}
            </button>
          </form>
        </article>
      </div>
    </section>
  );
}
