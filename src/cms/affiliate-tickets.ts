import { affiliateTicketModel } from "@/content-models/affiliate-ticket";
import type { AffiliateOffer } from "@/src/domain/affiliates/affiliate-rules";
import type { ContentEntry } from "./source/types";
import type { OfferProblem } from "./subscription-offers";

/**
 * The affiliate ticket blocks (`affiliateTicket` entries, issue 17) by page id, as the shop API sells them:
 * the partner, the ticket, its price, the maximum per player and when the offer runs. A block that does not
 * hold is left out (its page id sells nothing) and reported as a content problem; of two blocks with one
 * page id the first wins.
 */
export function affiliateOffers(
  entries: readonly ContentEntry[],
  report: (problem: OfferProblem) => void,
): Map<string, AffiliateOffer> {
  const offers = new Map<string, AffiliateOffer>();
  for (const entry of entries) {
    const entryId = entry.sys.id;
    const parsed = affiliateTicketModel.schema.safeParse(entry.fields);
    const pageId = typeof entry.fields.pageId === "string" ? entry.fields.pageId : undefined;
    if (!parsed.success) {
      const issues = parsed.error.issues.map(
        (issue) => `${issue.path.join(".") || "entry"}: ${issue.message}`,
      );
      report({ entryId, pageId, part: "affiliateTicket", issues });
      continue;
    }
    const fields = parsed.data;
    if (offers.has(fields.pageId)) {
      report({
        entryId,
        pageId: fields.pageId,
        part: "pageId",
        issues: ["pageId: another affiliate block has this page id"],
      });
      continue;
    }
    offers.set(fields.pageId, {
      pageId: fields.pageId,
      partnerName: fields.partnerName,
      ...(fields.partnerHost ? { partnerHost: fields.partnerHost } : {}),
      ...(fields.partnerCode ? { partnerCode: fields.partnerCode } : {}),
      product: fields.product,
      priceInCents: fields.priceInCents,
      maxPerPlayer: fields.maxPerPlayer,
      startsAt: new Date(fields.startDate),
      endsAt: new Date(fields.endDate),
    });
  }
  return offers;
}
