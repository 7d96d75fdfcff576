import { z } from "zod";
import { DrawSummarySchema } from "@/src/contract/results";
import { useShell } from "@/src/shop/components/shell-context";
import { usePlayer } from "@/src/shop/slices/player/player-store";
import { TicketChecker } from "@/src/shop/slices/results/ticket-checker/ticket-checker";
import type { BlockViewProps } from "../block-view-props";
import { parsingData } from "../parsing-data";

/** CMS block: the ticket checker over the draws its loader found checkable (newest first). */
function TicketCheckerBlock({ block }: BlockViewProps<"ticketChecker">) {
  const player = usePlayer(useShell().env);
  return (
    <TicketChecker title={block.props.title} draws={block.data} playerLoggedIn={player.status === "player"} />
  );
}

// Its draws reach the browser in the page payload: checked there before the form offers them.
export default parsingData(z.array(DrawSummarySchema), TicketCheckerBlock);
