import { useId } from "react";
import type { DrawSummary } from "@/src/contract/results";
import { formatDate } from "@/src/lib/format";
import { drawResults as text } from "@/src/lib/messages";
import { SmartLink } from "@/src/shop/components/smart-link";
import { Heading, type HeadingLevel } from "../heading";

/** Links to the pages of other published draws (`/trekkingsuitslag/{slug}`), newest first. */
export function PastDraws({
  draws,
  currentDrawId,
  headingLevel,
}: {
  draws: readonly DrawSummary[];
  currentDrawId?: number;
  headingLevel: HeadingLevel;
}) {
  const id = useId();
  const others = draws.filter((draw) => draw.drawId !== currentDrawId);
  if (others.length === 0) return null;
  return (
    <nav className="past-draws" aria-labelledby={id}>
      <Heading level={headingLevel} id={id}>
        {text.pastTitle}
      </Heading>
      <ul>
        {others.map((draw) => (
          <li key={draw.drawId}>
            <SmartLink to={`/trekkingsuitslag/${draw.slug}`}>{draw.name}</SmartLink>{" "}
            <span className="muted">
              {formatDate(draw.drawDate)}
              {draw.jackpotFell ? `, ${text.pastJackpotFell}` : null}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
