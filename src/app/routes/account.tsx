import { Link } from "react-router";
import { ApiError } from "@/src/api/client/api-error";
import { getPlayerDetails } from "@/src/api/contract/player";
import { getSubscriptions } from "@/src/api/contract/subscriptions";
import { PageFrame, pageMeta } from "@/src/app/components/page-frame";
import { formToken } from "@/src/app/lib/form-token.server";
import { asPlayer, requirePlayer } from "@/src/app/lib/require-player.server";
import { walletBalance } from "@/src/app/lib/wallet-balance.server";
import { requestContext } from "@/src/app/request-context";
import { validationStateText } from "@/src/features/age-validation/age-validation-panel";
import { AGE_VALIDATION_PAGE } from "@/src/features/age-validation/links";
import { LogoutForm } from "@/src/features/player/logout-form";
import { formatEuroCents } from "@/src/lib/format";
import { account, ageValidationPage, mySubscriptions } from "@/src/lib/messages";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(account.overviewTitle),
  { name: "robots", content: "noindex" },
];

/** The /mijn overview (behind `auth` through the route rules). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const [details, logoutToken, activeSubscriptions, balanceInCents] = await Promise.all([
    asPlayer(ctx, request, ctx.clients.shop.call(getPlayerDetails)),
    formToken(ctx),
    activeSubscriptionCount(ctx.clients.shop.call(getSubscriptions)),
    walletBalance(ctx),
  ]);
  return { details, logoutToken, activeSubscriptions, balanceInCents };
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

const SECTIONS = [account.preferences];

export default function AccountPage({ loaderData }: Route.ComponentProps) {
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
        {SECTIONS.map((section) => (
          <li key={section}>
            {section} <span className="muted">({account.comingSoon})</span>
          </li>
        ))}
      </ul>
      {/* The header's logout needs JavaScript; without it, this form logs out (spec section 2). */}
      <noscript>
        <LogoutForm token={loaderData.logoutToken} />
      </noscript>
    </PageFrame>
  );
}
