import { Link } from "react-router";
import { getParticipations } from "@/src/api/contract/tickets";
import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { asPlayer, requirePlayer } from "@/src/app/lib/require-player.server";
import { requestContext } from "@/src/app/request-context";
import { DrawTickets } from "@/src/features/checkout/issued-ticket-list";
import { formatDate } from "@/src/lib/format";
import { myTickets } from "@/src/lib/messages";
import type { Route } from "./+types/my-tickets";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(myTickets.title) },
  { name: "robots", content: "noindex" },
];

/** /mijn/loten: the player's participations per draw (the same data as GET /api/participations). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  return asPlayer(ctx, request, ctx.clients.shop.call(getParticipations));
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function MyTicketsPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={myTickets.title} intro={myTickets.intro}>
      {loaderData.draws.length === 0 ? (
        <p>
          {myTickets.empty} <Link to="/loten">{myTickets.toTickets}</Link>
        </p>
      ) : (
        loaderData.draws.map((draw) => (
          <DrawTickets
            key={draw.drawId}
            title={`${draw.name} · ${formatDate(draw.drawDate)}`}
            tickets={draw.tickets}
            showPrizes={draw.resultPublished}
          />
        ))
      )}
    </PageFrame>
  );
}
