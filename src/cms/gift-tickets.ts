import { giftTicketModel } from "@/content-models/gift-ticket";
import type { GiftTicketOffer } from "@/src/domain/gifts/gift-rules";
import type { ContentEntry } from "./source/types";
import type { OfferProblem } from "./subscription-offers";

/**
 * The gift ticket blocks (`giftTicket` entries, issue 17) by page id, as the shop API sells them: which
 * parts of a ticket may be given. A block that does not hold is left out (its page id sells nothing) and
 * reported as a content problem; of two blocks with one page id the first wins.
 */
export function giftTicketOffers(
  entries: readonly ContentEntry[],
  report: (problem: OfferProblem) => void,
): Map<string, GiftTicketOffer> {
  const offers = new Map<string, GiftTicketOffer>();
  for (const entry of entries) {
    const entryId = entry.sys.id;
    const parsed = giftTicketModel.schema.safeParse(entry.fields);
    const pageId = typeof entry.fields.pageId === "string" ? entry.fields.pageId : undefined;
    if (!parsed.success) {
      const issues = parsed.error.issues.map(
        (issue) => `${issue.path.join(".") || "entry"}: ${issue.message}`,
      );
      report({ entryId, pageId, part: "giftTicket", issues });
      continue;
    }
    const fields = parsed.data;
    if (offers.has(fields.pageId)) {
      report({
        entryId,
        pageId: fields.pageId,
        part: "pageId",
        issues: ["pageId: another gift block has this page id"],
      });
      continue;
    }
    offers.set(fields.pageId, { pageId: fields.pageId, fractions: [...new Set(fields.fractions)] });
  }
  return offers;
}
