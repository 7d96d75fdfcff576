import { Link } from "react-router";
import type { ActivatedOffer } from "@/src/contract/action-codes";
import { formatLastDay } from "@/src/lib/format";
import { actionPage as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { ApiProvider } from "@/src/shop/components/api-context";
import { ActionCodeForm, actionOfferPath } from "@/src/shop/slices/action-codes/action-code-form";
import type { PortalFormResult } from "@/src/shop/slices/portal/form-result";
import { RecaptchaField, useRecaptcha } from "@/src/shop/slices/portal/recaptcha-field";
import {
  ACTION_PAGE_PARAM,
  CHOICE_STEP_PARAM,
  SIGN_UP_PATH,
} from "@/src/shop/slices/subscriptions/choice-form";
import type { Route } from "../+types/action-offer";

export function ActionOfferPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  // The action's answer itself (one object per answer): the widget follows the answers, as on the portal.
  const recaptcha = useRecaptcha(actionData as Pick<PortalFormResult, "recaptchaRequired"> | undefined);
  const { pageId, offer, noOffer, loggedIn } = loaderData;
  if (!pageId) {
    return (
      <PageFrame title={text.title}>
        <p role="alert">{loaderData.notFound}</p>
      </PageFrame>
    );
  }
  if (offer && !actionData) return <OfferCard offer={offer} justActivated={loaderData.justActivated} />;
  return (
    <PageFrame title={text.title}>
      {noOffer && !actionData && !loaderData.codeError && !loaderData.code ? (
        <p role="alert">
          {noOffer.message}{" "}
          {noOffer.actionPagePath ? <Link to={noOffer.actionPagePath}>{text.toActionPage}</Link> : null}
        </p>
      ) : null}
      {loggedIn ? null : <p>{text.loginToActivate}</p>}
      <ActionCodeForm
        pageId={pageId}
        label={text.formLabel}
        code={actionData?.code ?? loaderData.code}
        error={actionData ? actionData.error : loaderData.codeError}
      >
        {/* The widget fetches its token through the API clients. */}
        <ApiProvider>
          <RecaptchaField recaptcha={recaptcha} />
        </ApiProvider>
      </ActionCodeForm>
    </PageFrame>
  );
}

/** The subscription form of a campaign's trial, as the sign-up step shows it to choose (issue 18). */
function trialFormLink(subscriptionPageId: string, campaignPageId: string): string {
  const query = new URLSearchParams({
    pageId: subscriptionPageId,
    [ACTION_PAGE_PARAM]: campaignPageId,
    [CHOICE_STEP_PARAM]: "keuze",
  });
  return `${SIGN_UP_PATH}?${query}`;
}

function OfferCard({ offer, justActivated }: { offer: ActivatedOffer; justActivated?: boolean }) {
  const open = offer.status === "activated";
  return (
    <PageFrame title={text.offerTitle}>
      {justActivated ? <p role="status">{text.activated}</p> : null}
      <section className="action-offer card" aria-labelledby="action-offer-label">
        <p className="muted">{text.campaign(offer.campaignName)}</p>
        <h2 id="action-offer-label">{offer.label}</h2>
        <p>{text.validUntil(formatLastDay(offer.endsAt))}</p>
        {open && offer.subscription ? (
          <>
            <p>{text.trialIntro}</p>
            <p>
              <Link className="button" to={trialFormLink(offer.subscription.pageId, offer.pageId)}>
                {text.takeTrial}
              </Link>
            </p>
          </>
        ) : open ? (
          <>
            <p>{offer.inBasket ? text.inBasket : text.notInBasketYet}</p>
            <form method="post" action={actionOfferPath(offer.pageId)}>
              <input type="hidden" name="intent" value={offer.inBasket ? "remove" : "add"} />
              <button type="submit" className={offer.inBasket ? "button button--secondary" : "button"}>
                {offer.inBasket ? text.takeOut : text.addToBasket}
              </button>
            </form>
          </>
        ) : (
          <p>{text.reserved}</p>
        )}
        <p>
          <Link to="/winkelmandje">{text.toBasket}</Link> · <Link to="/loten">{text.toTickets}</Link>
        </p>
      </section>
    </PageFrame>
  );
}
