import { useMemo } from "react";
import type { TicketCheckerFields } from "@/content-models/ticket-checker";
import { cms } from "@/src/lib/messages";
import { useShell } from "@/src/shop/components/shell-context";
import { usePlayer } from "@/src/shop/slices/player/player-store";
import { TicketChecker } from "@/src/shop/slices/results/ticket-checker/ticket-checker";
import { parseCheckableDraws } from "@/src/shop/slices/results/ticket-checker/ticket-checker-model";
import type { BlockComponentProps } from "../block-props";

/** CMS block: the ticket checker over the draws its loader found checkable (newest first). */
export default function TicketCheckerBlock({ block }: BlockComponentProps) {
  const props = block.props as TicketCheckerFields;
  const player = usePlayer(useShell().env);
  const draws = useMemo(() => parseCheckableDraws(block.data), [block.data]);
  if (!draws) return <p className="block-error">{cms.blockFailed}</p>;
  return <TicketChecker title={props.title} draws={draws} playerLoggedIn={player.status === "player"} />;
}
