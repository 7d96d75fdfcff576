import { createContext, useContext } from "react";
import type { ResolvedPage } from "@/content-models/resolved";

/** The content type of a partner's offer (blocks/affiliate-ticket), placed directly on a page. */
export const AFFILIATE_BLOCK_TYPE = "affiliateTicket";

/**
 * Whether this request may take a page's partner offer, as the server decided it from what the API checks
 * (the page's partner host or code against the request's host and `partner` code): `open` with the code
 * the order form passes on; otherwise closed, with the partner's own site when the offer is on one.
 */
export type PartnerOfferAccess = { open: true; partnerCode?: string } | { open: false; partnerSite?: string };

/** The decisions by the offer's page id (the block's `pageId`). */
export type PartnerOffers = Record<string, PartnerOfferAccess>;

/** Whether a page holds a partner's offer, whose state only the server can decide per request. */
export function hasPartnerOffers(page: Pick<ResolvedPage, "blocks">): boolean {
  return page.blocks.some((block) => block.type === AFFILIATE_BLOCK_TYPE);
}

/** Given by the routes that show a CMS page, from their data (outside the shell every page loads). */
export const PartnerOffersContext = createContext<PartnerOffers>({});

/** The server's decision for one offer; without one the offer stays closed (the API would refuse it). */
export function usePartnerOffer(pageId: string): PartnerOfferAccess {
  return useContext(PartnerOffersContext)[pageId] ?? { open: false };
}
