import { data, Link } from "react-router";
import { getParticipations } from "@/src/api/contract/tickets";
import { PageFrame, pageMeta } from "@/src/app/components/page-frame";
import { asPlayer, requirePlayer } from "@/src/app/lib/require-player.server";
import { requestContext } from "@/src/app/request-context";
import { takeFlash } from "@/src/components/flash/flash.server";
import { DrawTickets } from "@/src/features/checkout/issued-ticket-list";
import { RETAIL_TICKET_ACTION } from "@/src/features/results/ticket-checker/retail-ticket-entry";
import { formatDate } from "@/src/lib/format";
import { myTickets } from "@/src/lib/messages";
import type { Route } from "./+types/my-tickets";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(myTickets.title),
  { name: "robots", content: "noindex" },
];

/**
 * /mijn/loten: the player's participations per draw (the same data as GET /api/participations), and the
 * flash message a redirect left here (a linked barcode), in the page's own HTML.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const participations = await asPlayer(ctx, request, ctx.clients.shop.call(getParticipations));
  const taken = takeFlash(request, { secure: ctx.services.config.secureCookies });
  return data(
    { ...participations, flash: taken?.flash },
    { headers: taken ? { "Set-Cookie": taken.clear } : undefined },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of loaderHeaders.getSetCookie()) result.append("Set-Cookie", cookie);
  return result;
};

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
      <p>
        <Link to={RETAIL_TICKET_ACTION}>{myTickets.addRetailTicket}</Link>
      </p>
    </PageFrame>
  );
}
