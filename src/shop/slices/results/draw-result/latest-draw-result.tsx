import { useId } from "react";
import type { DrawResultDetails, DrawSummary } from "@/src/contract/results";
import { drawResults as text } from "@/src/lib/messages";
import { DrawResultView } from "./draw-result-view";
import { PastDraws } from "./past-draws";

/**
 * The latest draw's result with its prize tables (none before the first publication), and links to the
 * past draws' pages unless `showPastDraws` is false (a page that lists them itself).
 */
export function LatestDrawResult({
  title,
  details,
  past,
  showPastDraws,
}: {
  title?: string;
  details: DrawResultDetails | undefined;
  past: readonly DrawSummary[];
  showPastDraws: boolean;
}) {
  const headingId = useId();
  return (
    <section className="draw-results" aria-labelledby={headingId}>
      <h2 id={headingId}>{title ?? text.defaultTitle}</h2>
      {details ? <DrawResultView details={details} headingLevel={3} /> : <p>{text.noResult}</p>}
      {showPastDraws ? (
        <PastDraws draws={past} currentDrawId={details?.draw.drawId} headingLevel={3} />
      ) : null}
    </section>
  );
}
