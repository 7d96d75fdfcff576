import { data, Link } from "react-router";
import { ApiError } from "@/src/api/client/api-error";
import { getLoyalty, type Loyalty, subscribeLoyalty } from "@/src/api/contract/loyalty";
import { getPlayerDetails } from "@/src/api/contract/player";
import { getSubscriptions } from "@/src/api/contract/subscriptions";
import { PageFrame, pageMeta } from "@/src/app/components/page-frame";
import { readFormPost } from "@/src/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/app/lib/form-token.server";
import { asPlayer, requirePlayer } from "@/src/app/lib/require-player.server";
import { walletBalance } from "@/src/app/lib/wallet-balance.server";
import { requestContext } from "@/src/app/request-context";
import type { FormOutcomeState } from "@/src/components/form-outcome";
import { validationStateText } from "@/src/features/age-validation/age-validation-panel";
import { AGE_VALIDATION_PAGE } from "@/src/features/age-validation/links";
import { JOIN_LOYALTY, LoyaltySummary } from "@/src/features/loyalty/loyalty-summary";
import { LogoutForm } from "@/src/features/player/logout-form";
import { formatEuroCents } from "@/src/lib/format";
import {
  account,
  ageValidationPage,
  general,
  loyaltyMessages,
  mySubscriptions,
  portal,
} from "@/src/lib/messages";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(account.overviewTitle),
  { name: "robots", content: "noindex" },
];

/** The /mijn overview (behind `auth` through the route rules). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const [details, token, activeSubscriptions, balanceInCents, loyalty] = await Promise.all([
    asPlayer(ctx, request, ctx.clients.shop.call(getPlayerDetails)),
    formToken(ctx),
    activeSubscriptionCount(ctx.clients.shop.call(getSubscriptions)),
    walletBalance(ctx),
    loyaltyOrNothing(ctx.clients.shop.call(getLoyalty)),
  ]);
  return { details, token, activeSubscriptions, balanceInCents, loyalty };
}

/** The Kroonpunten membership; undefined when the shop cannot say right now, so the overview still shows. */
async function loyaltyOrNothing(call: Promise<Loyalty>): Promise<Loyalty | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/**
 * Joining Kroonpunten from the overview (issue 20, item 6), with or without JavaScript: the page shows the
 * welcome, or that the player already is a member (a second tab, a resent form).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const form = await readFormPost(request);
  const answer = (status: number, outcome: FormOutcomeState) => data<FormOutcomeState>(outcome, { status });
  if (form.get(JOIN_LOYALTY.name) !== JOIN_LOYALTY.value) return answer(400, { formError: general.generic });
  if (!(await checkFormToken(ctx, form)).valid) {
    ctx.log.warn({ event: "loyalty_form_refused" }, "loyalty form without a valid anti-forgery token");
    return answer(403, { formError: portal.formExpired });
  }
  try {
    await asPlayer(ctx, request, ctx.clients.shop.call(subscribeLoyalty));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    if (error.code === "LoyaltyAlreadySubscribedError") return answer(200, { notice: error.message });
    return answer(error.status, { formError: error.message || general.generic });
  }
  return answer(200, { notice: loyaltyMessages.joined });
}

/**
 * How many of the player's subscriptions are active; undefined when the shop cannot say right now, so the
 * overview still shows (its link to /mijn/abonnementen does not need the number).
 */
async function activeSubscriptionCount(
  call: Promise<{ subscriptions: Array<{ status: string }> }>,
): Promise<number | undefined> {
  try {
    const { subscriptions } = await call;
    return subscriptions.filter((subscription) => subscription.status === "active").length;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customerDetails, addressDetails } = loaderData.details;
  return (
    <PageFrame title={account.overviewTitle} intro={customerDetails.fullName}>
      <dl className="details">
        <dt>{account.customerNumber}</dt>
        <dd>{customerDetails.customerNumber}</dd>
        <dt>{account.address}</dt>
        <dd>{addressDetails.formattedAddress}</dd>
        <dt>{ageValidationPage.accountLabel}</dt>
        <dd>
          {validationStateText(customerDetails.playerValidationState)}
          {customerDetails.playerValidationState === "NotValidated" ? (
            <>
              {" "}
              <Link to={AGE_VALIDATION_PAGE}>{ageValidationPage.accountLink}</Link>
            </>
          ) : null}
        </dd>
        <dt>{loyaltyMessages.accountLabel}</dt>
        <dd>
          <LoyaltySummary loyalty={loaderData.loyalty} token={loaderData.token} outcome={actionData} />
        </dd>
      </dl>
      <h2>{account.sectionsTitle}</h2>
      <ul className="account-sections">
        <li>
          <Link to="/mijn/loten">{account.tickets}</Link>
        </li>
        <li>
          <Link to="/mijn/abonnementen">{account.subscriptions}</Link>
          {loaderData.activeSubscriptions === undefined ? null : (
            <>
              {" "}
              <span className="muted">({mySubscriptions.activeCount(loaderData.activeSubscriptions)})</span>
            </>
          )}
        </li>
        <li>
          <Link to="/mijn/saldo">{account.wallet}</Link>
          {loaderData.balanceInCents === undefined ? null : (
            <>
              {" "}
              <span className="muted">({formatEuroCents(loaderData.balanceInCents)})</span>
            </>
          )}
        </li>
        <li>
          <Link to="/mijn/profiel">{account.profileLink}</Link>
        </li>
        <li>
          <Link to="/mijn/voorkeuren">{account.preferences}</Link>
        </li>
      </ul>
      {/* The header's logout needs JavaScript; without it, this form logs out (spec section 2). */}
      <noscript>
        <LogoutForm token={loaderData.token} />
      </noscript>
    </PageFrame>
  );
}
