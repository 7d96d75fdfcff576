import { toPlayerDetails } from "@/src/api/server/handlers/player";
import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { requireSessionPlayer } from "@/src/features/player/session-player.server";
import { formatDate } from "@/src/lib/format";
import { account } from "@/src/lib/messages";
import { maskIban } from "@/src/portal/iban";
import { requestContext } from "@/src/server/request-context";
import type { Route } from "./+types/account-profile";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(account.profileTitle) },
  { name: "robots", content: "noindex" },
];

/** The player's own details; the route rules put `/mijn/**` behind `auth`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const player = await requireSessionPlayer(request, context.get(requestContext));
  const iban = player.iban ? maskIban(player.iban) : undefined;
  return { details: toPlayerDetails(player), email: player.email, dateOfBirth: player.birthDate, iban };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AccountProfilePage({ loaderData }: Route.ComponentProps) {
  const { details, email, dateOfBirth, iban } = loaderData;
  return (
    <PageFrame title={account.profileTitle}>
      <dl className="details">
        <dt>{account.name}</dt>
        <dd>{details.customerDetails.fullName}</dd>
        <dt>{account.customerNumber}</dt>
        <dd>{details.customerDetails.customerNumber}</dd>
        <dt>{account.email}</dt>
        <dd>{email}</dd>
        <dt>{account.dateOfBirth}</dt>
        <dd>{formatDate(dateOfBirth)}</dd>
        <dt>{account.address}</dt>
        <dd>{details.addressDetails.formattedAddress}</dd>
        {iban ? (
          <>
            <dt>{account.iban}</dt>
            <dd>{iban}</dd>
          </>
        ) : null}
      </dl>
    </PageFrame>
  );
}
