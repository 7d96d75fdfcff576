import { useMemo } from "react";
import { z } from "zod";
import type { DrawResultsFields } from "@/content-models/draw-results";
import { DrawResultDetailsSchema, DrawSummarySchema } from "@/src/contract/results";
import { cms } from "@/src/lib/messages";
import { useCmsPagePath } from "@/src/shop/components/cms-context";
import { LatestDrawResult } from "@/src/shop/slices/results/draw-result/latest-draw-result";
import { pageListsRecentDraws } from "@/src/shop/slices/results/draw-result/page-lists-draws";
import type { BlockComponentProps } from "../block-props";

/**
 * What the block's loader sends: the latest published classic result (none before the first draw) and
 * the recent published draws. Parsed, as it reaches the browser through `_payload.json` (STYLE point 3).
 */
export const DrawResultsDataSchema = z.object({
  details: DrawResultDetailsSchema.optional(),
  past: z.array(DrawSummarySchema),
});
export type DrawResultsData = z.infer<typeof DrawResultsDataSchema>;

/**
 * CMS block: the latest draw's result with its prize tables, and links to the past draws' pages (not on
 * the page that lists them itself). Content only: the server renders it to HTML once per resolved page
 * (decision 9), so its data, its code and the hydration of its tables stay out of the browser.
 */
export default function DrawResultsBlock({ block }: BlockComponentProps) {
  const props = block.props as DrawResultsFields;
  const pagePath = useCmsPagePath();
  const parsed = useMemo(() => DrawResultsDataSchema.safeParse(block.data), [block.data]);
  if (!parsed.success) return <p className="block-error">{cms.blockFailed}</p>;
  return (
    <LatestDrawResult
      title={props.title}
      details={parsed.data.details}
      past={parsed.data.past}
      showPastDraws={!pageListsRecentDraws(pagePath)}
    />
  );
}
