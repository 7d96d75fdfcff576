import { CachePolicy } from "@/src/lib/cache-policy";
import { formatDate } from "@/src/lib/format";
import { account } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import type { Route } from "./+types/account-profile";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(account.profileTitle),
  { name: "robots", content: "noindex" },
];

/** The player's own details; the route rules put `/mijn/**` behind `auth`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = await requirePlayer(context.get(requestContext), request);
  return { profile };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function AccountProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <PageFrame title={account.profileTitle}>
      <dl className="details">
        <dt>{account.name}</dt>
        <dd>{profile.fullName}</dd>
        <dt>{account.customerNumber}</dt>
        <dd>{profile.customerNumber}</dd>
        <dt>{account.email}</dt>
        <dd>{profile.email}</dd>
        <dt>{account.dateOfBirth}</dt>
        <dd>{formatDate(profile.dateOfBirth)}</dd>
        <dt>{account.address}</dt>
        <dd>{profile.formattedAddress}</dd>
        {profile.iban ? (
          <>
            <dt>{account.iban}</dt>
            <dd>{profile.iban}</dd>
          </>
        ) : null}
      </dl>
    </PageFrame>
  );
}
