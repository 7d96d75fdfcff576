import { Link } from "react-router";
import { getPlayerDetails } from "@/src/api/contract/player";
import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { formToken } from "@/src/app/lib/form-token.server";
import { asPlayer, requirePlayer } from "@/src/app/lib/require-player.server";
import { requestContext } from "@/src/app/request-context";
import { LogoutForm } from "@/src/features/player/logout-form";
import { account } from "@/src/lib/messages";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(account.overviewTitle) },
  { name: "robots", content: "noindex" },
];

/** The /mijn overview (behind `auth` through the route rules). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const [details, logoutToken] = await Promise.all([
    asPlayer(ctx, request, ctx.clients.shop.call(getPlayerDetails)),
    formToken(ctx),
  ]);
  return { details, logoutToken };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const SECTIONS = [account.subscriptions, account.wallet, account.preferences];

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { customerDetails, addressDetails } = loaderData.details;
  return (
    <PageFrame title={account.overviewTitle} intro={customerDetails.fullName}>
      <dl className="details">
        <dt>{account.customerNumber}</dt>
        <dd>{customerDetails.customerNumber}</dd>
        <dt>{account.address}</dt>
        <dd>{addressDetails.formattedAddress}</dd>
      </dl>
      <h2>{account.sectionsTitle}</h2>
      <ul className="account-sections">
        <li>
          <Link to="/mijn/loten">{account.tickets}</Link>
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
