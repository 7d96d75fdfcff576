import { promotionModel } from "@/content-models/promotion";
import type { PromotionPage } from "@/src/domain/promotions/promotion-page";
import { blocksByPageId } from "./blocks-by-page-id";
import type { ContentEntry } from "./source/types";
import type { OfferProblem } from "./subscription-offers";

/**
 * The promotion blocks (`promotion` entries, issue 18) by page id, as the shop API serves them: the opt-ins
 * asked for and where the visitor continues.
 */
export function promotionPages(
  entries: readonly ContentEntry[],
  report: (problem: OfferProblem) => void,
): Map<string, PromotionPage> {
  return blocksByPageId(entries, report, {
    schema: promotionModel.schema,
    part: "promotion",
    what: "promotion block",
    toValue: (fields) => ({
      pageId: fields.pageId,
      title: fields.title,
      optIns: [...new Set(fields.optIns)],
      offerLabel: fields.offerLabel,
      offerPath: fields.offerPath,
    }),
  });
}
