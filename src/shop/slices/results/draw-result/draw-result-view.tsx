import type { DrawResultDetails } from "@/src/contract/results";
import { formatWeekdayDate } from "@/src/lib/format";
import { drawResults as text } from "@/src/lib/messages";
import { Heading, type HeadingLevel } from "../heading";
import { ClassicResultView } from "./classic-result";
import { MillionGameResultView } from "./million-game-result";

export type DrawResultViewProps = {
  details: DrawResultDetails;
  /** The level of the draw's own heading, or of the sections when `titled` is false. */
  headingLevel: HeadingLevel;
  /** False where the page heading already names the draw (`/trekkingsuitslag/{draw}`). */
  titled?: boolean;
};

/**
 * A published draw result as players read it (shared/domain.md "Prizes and results"): a classic draw's
 * prize tables or a million-game draw's colour and winning numbers. Shared by the draw-results block and
 * `/trekkingsuitslag/{draw}`.
 */
export function DrawResultView({ details, headingLevel, titled = true }: DrawResultViewProps) {
  const { draw, result } = details;
  const sectionLevel = (titled ? headingLevel + 1 : headingLevel) as HeadingLevel;
  return (
    <div className="draw-result">
      {titled ? (
        <hgroup className="draw-result__title">
          <Heading level={headingLevel}>{draw.name}</Heading>
          <p>{text.drawnOn(formatWeekdayDate(draw.drawDate))}</p>
        </hgroup>
      ) : null}
      {result.gameType === "KROON" ? (
        <ClassicResultView result={result} kind={draw.kind} level={sectionLevel} />
      ) : (
        <MillionGameResultView result={result} />
      )}
    </div>
  );
}
