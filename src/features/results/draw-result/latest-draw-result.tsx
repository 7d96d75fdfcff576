import { use, useId } from "react";
import type { DrawResultDetails, DrawSummary } from "@/src/api/contract/results";
import { drawResults as text } from "@/src/lib/messages";
import { DrawResultView } from "./draw-result-view";
import { PageListsRecentDraws } from "./page-lists-draws";
import { PastDraws } from "./past-draws";

/**
 * The latest draw's result with its prize tables (none before the first publication), and links to the
 * past draws' pages unless the page lists them itself.
 */
export function LatestDrawResult({
  title,
  details,
  past,
}: {
  title?: string;
  details: DrawResultDetails | undefined;
  past: readonly DrawSummary[];
}) {
  const headingId = useId();
  const pageListsDraws = use(PageListsRecentDraws);
  return (
    <section className="draw-results" aria-labelledby={headingId}>
      <h2 id={headingId}>{title ?? text.defaultTitle}</h2>
      {details ? <DrawResultView details={details} headingLevel={3} /> : <p>{text.noResult}</p>}
      {pageListsDraws ? null : (
        <PastDraws draws={past} currentDrawId={details?.draw.drawId} headingLevel={3} />
      )}
    </section>
  );
}
