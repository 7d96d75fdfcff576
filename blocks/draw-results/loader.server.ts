import type { DrawResultsFields } from "@/content-models/draw-results";
import {
  type DrawResultDetails,
  type DrawSummary,
  getDrawResult,
  getDrawResults,
} from "@/src/contract/results";
import { ApiError } from "@/src/shop/client/api-error";
import type { BlockLoaderContext } from "../block-props";

/** The latest published classic result (none before the first draw) and the recent published draws. */
export type DrawResultsData = { details?: DrawResultDetails; past: DrawSummary[] };

/** The latest classic result (none before the first publication) and the recent draws with their own pages. */
export async function loadDrawResults(
  _props: DrawResultsFields,
  { clients: { shop } }: BlockLoaderContext,
): Promise<DrawResultsData> {
  const { draws: past } = await shop.call(getDrawResults, { query: { gameType: "KROON", limit: 12 } });
  const latest = past[0];
  const details = latest
    ? await shop.call(getDrawResult, { params: { drawId: latest.drawId } }).catch((error: unknown) => {
        // Published between the two calls' caches: shown as "no result yet" rather than a failed block.
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      })
    : undefined;
  return { details, past };
}
