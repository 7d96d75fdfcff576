import { giftTicketModel } from "@/content-models/gift-ticket";
import type { GiftTicketOffer } from "@/src/domain/gift-tickets/gift-rules";
import { blocksByPageId } from "./blocks-by-page-id";
import type { ContentEntry } from "./source/types";
import type { OfferProblem } from "./subscription-offers";

/**
 * The gift ticket blocks (`giftTicket` entries, issue 17) by page id, as the shop API sells them: which
 * parts of a ticket may be given.
 */
export function giftTicketOffers(
  entries: readonly ContentEntry[],
  report: (problem: OfferProblem) => void,
): Map<string, GiftTicketOffer> {
  return blocksByPageId(entries, report, {
    schema: giftTicketModel.schema,
    part: "giftTicket",
    what: "gift block",
    toValue: (fields) => ({ pageId: fields.pageId, fractions: [...new Set(fields.fractions)] }),
  });
}
