/**
 * Affiliate tickets (issue 17; domain.md "Gift tickets, affiliates"): a partner sends people to a page of
 * ours, either on its white-label host or with its partner code in the address, where they get a ticket
 * under the partner's offer (free, or at a partner price), at most so many per player, between a start and
 * an end. Each order records the partner; the monthly report per partner is the basis of the commission.
 */

/** What an offer gives: a whole or fifth ticket of the next monthly draw, or a Miljoenenspel ticket. */
export const AFFILIATE_PRODUCTS = ["WHOLE", "ONE_FIFTH", "MILLION_GAME"] as const;
export type AffiliateProduct = (typeof AFFILIATE_PRODUCTS)[number];

/** At most this many tickets of one offer per player (an editor may choose fewer). */
export const MAX_PER_PLAYER_LIMIT = 10;

/** One affiliate block (`affiliateTicket`), as the shop API sells it. */
export type AffiliateOffer = {
  pageId: string;
  partnerName: string;
  /** The partner's white-label host, lower case, without a port (`bladwijzer.localhost`). */
  partnerHost?: string;
  /** The partner's code in the address (`?partner=DAGBLAD`), upper case. */
  partnerCode?: string;
  product: AffiliateProduct;
  /** 0: the ticket is free. */
  priceInCents: number;
  maxPerPlayer: number;
  startsAt: Date;
  endsAt: Date;
};

/** A partner host as a request names it: lower case, without port or trailing dot. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}

/**
 * The partner host a call names (`Cms-Affiliate-Host`) when it is one of the shop's configured white-label
 * hosts (`PARTNER_HOSTS`), as an order records it (issue 40: every order started on a partner's host is
 * the partner's sale); undefined without one, or for a host that is no partner's.
 */
export function configuredPartnerHost(
  sent: string | undefined,
  partnerHosts: readonly string[],
): string | undefined {
  if (!sent) return undefined;
  const host = normaliseHost(sent);
  return partnerHosts.some((partner) => normaliseHost(partner) === host) ? host : undefined;
}

/** A partner code as typed in an address: upper case, letters, digits and dashes only. */
export function normalisePartnerCode(code: string): string | undefined {
  const normalised = code.trim().toUpperCase();
  return /^[A-Z0-9-]{2,32}$/.test(normalised) ? normalised : undefined;
}

/**
 * The partner a call names (`Cms-Affiliate-Host`: the partner's host, or the code from the page's query),
 * as the offer records it on the order; undefined when it is not this offer's partner.
 */
export function matchPartner(
  offer: Pick<AffiliateOffer, "partnerHost" | "partnerCode">,
  sent: string | undefined,
): string | undefined {
  if (!sent) return undefined;
  if (offer.partnerHost && normaliseHost(sent) === offer.partnerHost) return offer.partnerHost;
  if (offer.partnerCode && normalisePartnerCode(sent) === offer.partnerCode) {
    return offer.partnerCode.toLowerCase();
  }
  return undefined;
}

/** Why the offer cannot be taken now: not begun, or over; undefined while it runs. */
export function offerWindowProblem(offer: AffiliateOffer, now: Date): "notStarted" | "ended" | undefined {
  if (now < offer.startsAt) return "notStarted";
  if (now >= offer.endsAt) return "ended";
  return undefined;
}

/** Whether the player may take one more: fewer than the maximum taken (paid or being paid). */
export function withinLimit(offer: Pick<AffiliateOffer, "maxPerPlayer">, taken: number): boolean {
  return taken < offer.maxPerPlayer;
}
