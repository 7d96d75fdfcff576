import { use, useId, useMemo } from "react";
import { z } from "zod";
import type { DrawResultsFields } from "@/content-models/draw-results";
import { DrawResultDetailsSchema, DrawSummarySchema } from "@/src/api/contract/results";
import { cms, drawResults as text } from "@/src/lib/messages";
import type { BlockComponentProps } from "../registry";
import { DrawResultView, PastDraws } from "./draw-result-view";
import { PageListsRecentDraws } from "./page-lists-draws";

/**
 * What the block's loader sends: the latest published classic result (none before the first draw) and
 * the recent published draws. Parsed, as it reaches the browser through `_payload.json` (STYLE point 3).
 */
export const DrawResultsDataSchema = z.object({
  details: DrawResultDetailsSchema.optional(),
  past: z.array(DrawSummarySchema),
});
export type DrawResultsData = z.infer<typeof DrawResultsDataSchema>;

/** CMS block: the latest draw's result with its prize tables, and links to the past draws' pages. */
export default function DrawResultsBlock({ block }: BlockComponentProps) {
  const props = block.props as DrawResultsFields;
  const headingId = useId();
  const parsed = useMemo(() => DrawResultsDataSchema.safeParse(block.data), [block.data]);
  const pageListsDraws = use(PageListsRecentDraws);
  if (!parsed.success) return <p className="block-error">{cms.blockFailed}</p>;
  const { details, past } = parsed.data;
  return (
    <section className="draw-results" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title ?? text.defaultTitle}</h2>
      {details ? <DrawResultView details={details} headingLevel={3} /> : <p>{text.noResult}</p>}
      {pageListsDraws ? null : (
        <PastDraws draws={past} currentDrawId={details?.draw.drawId} headingLevel={3} />
      )}
    </section>
  );
}
