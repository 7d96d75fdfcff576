import { promotionModel } from "@/content-models/promotion";
import type { PromotionPage } from "@/src/domain/promotions/promotion-page";
import type { ContentEntry } from "./source/types";
import type { OfferProblem } from "./subscription-offers";

/**
 * The promotion blocks (`promotion` entries, issue 18) by page id, as the shop API serves them: the opt-ins
 * asked for and where the visitor continues. A block that does not hold is left out and reported as a
 * content problem; of two blocks with one page id the first wins.
 */
export function promotionPages(
  entries: readonly ContentEntry[],
  report: (problem: OfferProblem) => void,
): Map<string, PromotionPage> {
  const pages = new Map<string, PromotionPage>();
  for (const entry of entries) {
    const entryId = entry.sys.id;
    const parsed = promotionModel.schema.safeParse(entry.fields);
    const pageId = typeof entry.fields.pageId === "string" ? entry.fields.pageId : undefined;
    if (!parsed.success) {
      const issues = parsed.error.issues.map(
        (issue) => `${issue.path.join(".") || "entry"}: ${issue.message}`,
      );
      report({ entryId, pageId, part: "promotion", issues });
      continue;
    }
    const fields = parsed.data;
    if (pages.has(fields.pageId)) {
      report({
        entryId,
        pageId: fields.pageId,
        part: "pageId",
        issues: ["pageId: another promotion block has this page id"],
      });
      continue;
    }
    pages.set(fields.pageId, {
      pageId: fields.pageId,
      title: fields.title,
      optIns: [...new Set(fields.optIns)],
      offerLabel: fields.offerLabel,
      offerPath: fields.offerPath,
    });
  }
  return pages;
}
