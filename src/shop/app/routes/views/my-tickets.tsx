import { Fragment } from "react";
import { Link } from "react-router";
import { formatDate } from "@/src/lib/format";
import { myTickets, pages } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { DrawTickets } from "@/src/shop/components/issued-ticket-list";
import { BoulevardGameLinks } from "@/src/shop/slices/results/boulevard-game/boulevard-game-links";
import { RETAIL_TICKET_ACTION } from "@/src/shop/slices/results/ticket-checker/retail-ticket-entry";
import type { Route } from "../+types/my-tickets";

export function MyTicketsPage({ loaderData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  return (
    <PageFrame title={pages.myTickets.title} intro={myTickets.intro}>
      {loaderData.draws.length === 0 ? (
        <p>
          {myTickets.empty} <Link to="/loten">{myTickets.toTickets}</Link>
        </p>
      ) : (
        loaderData.draws.map((draw) => (
          <Fragment key={draw.drawId}>
            <DrawTickets
              title={`${draw.name} · ${formatDate(draw.drawDate)}`}
              tickets={draw.tickets}
              showPrizes={draw.resultPublished}
            />
            {/* The boulevard game answers for the latest draw only: its boulevards link there. */}
            {draw.drawId === loaderData.boulevardGameDrawId ? (
              <BoulevardGameLinks tickets={draw.tickets} />
            ) : null}
          </Fragment>
        ))
      )}
      <p>
        <Link to={RETAIL_TICKET_ACTION}>{myTickets.addRetailTicket}</Link>
      </p>
    </PageFrame>
  );
}
