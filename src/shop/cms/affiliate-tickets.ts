import { affiliateTicketModel } from "@/content-models/affiliate-ticket";
import type { AffiliateOffer } from "@/src/domain/affiliate-tickets/affiliate-rules";
import { blocksByPageId } from "./blocks-by-page-id";
import type { ContentEntry } from "./source/types";
import type { OfferProblem } from "./subscription-offers";

/**
 * The affiliate ticket blocks (`affiliateTicket` entries, issue 17) by page id, as the shop API sells them:
 * the partner, the ticket, its price, the maximum per player and when the offer runs.
 */
export function affiliateOffers(
  entries: readonly ContentEntry[],
  report: (problem: OfferProblem) => void,
): Map<string, AffiliateOffer> {
  return blocksByPageId(entries, report, {
    schema: affiliateTicketModel.schema,
    part: "affiliateTicket",
    what: "affiliate block",
    toValue: (fields) => ({
      pageId: fields.pageId,
      partnerName: fields.partnerName,
      ...(fields.partnerHost ? { partnerHost: fields.partnerHost } : {}),
      ...(fields.partnerCode ? { partnerCode: fields.partnerCode } : {}),
      product: fields.product,
      priceInCents: fields.priceInCents,
      maxPerPlayer: fields.maxPerPlayer,
      startsAt: new Date(fields.startDate),
      endsAt: new Date(fields.endDate),
    }),
  });
}
