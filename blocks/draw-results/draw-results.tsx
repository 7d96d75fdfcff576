import { useCmsPagePath } from "@/src/shop/components/cms-context";
import { LatestDrawResult } from "@/src/shop/slices/results/draw-result/latest-draw-result";
import { pageListsRecentDraws } from "@/src/shop/slices/results/draw-result/page-lists-draws";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: the latest draw's result with its prize tables, and links to the past draws' pages (not on
 * the page that lists them itself). Content only: the server renders it to HTML once per resolved page
 * (decision 9), so its data, its code and the hydration of its tables stay out of the browser.
 */
export default function DrawResultsBlock({ block }: BlockViewProps<"drawResults">) {
  const pagePath = useCmsPagePath();
  return (
    <LatestDrawResult
      title={block.props.title}
      details={block.data.details}
      past={block.data.past}
      showPastDraws={!pageListsRecentDraws(pagePath)}
    />
  );
}
