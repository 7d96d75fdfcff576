import type { EndpointDefinition, EndpointInput, EndpointOutput } from "@/src/contract/define";

/** What a call passes: the endpoint's params, query and body as the contract types them. */
/**
 * The CMS page a call is made from (spec section 7): sent as `Cms-Page-Id`, and `Cms-Affiliate-Host` on a
 * partner's host or when the partner is in the page's query.
 */
export type PageHeaders = { pageId: string; affiliateHost?: string };

export type CallInput<E extends EndpointDefinition> = Partial<EndpointInput<E>> & {
  signal?: AbortSignal;
  page?: PageHeaders;
};

/** The headers of `PageHeaders`, as every client sends them. */
export function pageHeaderValues(page: PageHeaders | undefined): Record<string, string> {
  if (!page) return {};
  return {
    "Cms-Page-Id": page.pageId,
    ...(page.affiliateHost ? { "Cms-Affiliate-Host": page.affiliateHost } : {}),
  };
}

/**
 * A typed client of one backend (DESIGN section 5): every call names its contract entry, answers with the
 * contract's output and fails with an `ApiError`. The browser's ky client, the server's forwarding HTTP
 * client and the in-process client of the embedded API all have this shape.
 */
export type ApiCaller = {
  call<E extends EndpointDefinition>(endpoint: E, input?: CallInput<E>): Promise<EndpointOutput<E>>;
};

/** One client per upstream (the Hydrogen pattern): the shop API and the common portal. */
export type ApiClients = { shop: ApiCaller; portal: ApiCaller };

/** The player's side of one page request, as the server's clients pass it upstream. */
export type UpstreamExchange = {
  /** The browser's `Cookie` header (undefined for a render shared by every visitor). */
  cookie: string | undefined;
  /** The player's address, for the upstream's rate limits and logs. */
  ip?: string;
  /** The host and scheme the player asked for. */
  host?: string;
  protocol?: string;
  /**
   * The partner's white-label host the page was asked on: sent as `Cms-Affiliate-Host` with every call
   * that names no partner of its own (spec section 7), so an order started there is the partner's sale.
   */
  affiliateHost?: string;
  /** Receives each `Set-Cookie` the upstream answers with, to pass on to the browser. */
  setCookie: (value: string) => void;
};
