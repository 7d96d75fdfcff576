import { formatWeekdayDate } from "@/src/lib/format";
import { pages, drawResults as text, ticketChecker } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { useShell } from "@/src/shop/components/shell-context";
import { usePlayer } from "@/src/shop/slices/player/player-store";
import { DrawResultView } from "@/src/shop/slices/results/draw-result/draw-result-view";
import { PastDraws } from "@/src/shop/slices/results/draw-result/past-draws";
import { TicketChecker } from "@/src/shop/slices/results/ticket-checker/ticket-checker";
import type { Route } from "../+types/draw-result";

export function DrawResultPage({ loaderData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { details, draws, past } = loaderData;
  const { draw } = details;
  const player = usePlayer(useShell().env);
  return (
    <PageFrame
      title={pages.drawResult.title(draw.name)}
      intro={text.drawnOn(formatWeekdayDate(draw.drawDate))}
    >
      <DrawResultView details={details} headingLevel={2} titled={false} />
      {/* Keyed by draw: moving to another draw's page starts the checker afresh on that draw. */}
      <TicketChecker
        key={draw.drawId}
        draws={draws}
        initialDrawId={draw.drawId}
        title={ticketChecker.defaultTitle}
        headingLevel={2}
        playerLoggedIn={player.status === "player"}
      />
      <PastDraws draws={past} currentDrawId={draw.drawId} headingLevel={2} />
    </PageFrame>
  );
}
