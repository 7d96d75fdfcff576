import { useMemo } from "react";
import type { TicketCheckerFields } from "@/content-models/ticket-checker";
import { cms } from "@/src/lib/messages";
import type { BlockComponentProps } from "../registry";
import { TicketChecker } from "./ticket-checker-form";
import { parseCheckableDraws } from "./ticket-checker-model";

/** CMS block: the ticket checker over the draws its loader found checkable (newest first). */
export default function TicketCheckerBlock({ block }: BlockComponentProps) {
  const props = block.props as TicketCheckerFields;
  const draws = useMemo(() => parseCheckableDraws(block.data), [block.data]);
  if (!draws) return <p className="block-error">{cms.blockFailed}</p>;
  return <TicketChecker title={props.title} draws={draws} />;
}
