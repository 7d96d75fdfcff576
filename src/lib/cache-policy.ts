/**
 * Every `Cache-Control` value the shop and the API answer with, named where it is used (issue 41) so a
 * policy is chosen by what the answer is, never typed as a header string. Tests keep asserting the
 * literal values a client sees.
 */
export const CachePolicy = {
  /** One visitor's own answer (a login, a basket, an account page): no cache may keep it. */
  private: "private, no-store",
  /** Correct only at this moment (health, a verification, the latest build id, simulators). */
  noStore: "no-store",
  /** An anonymous CMS page: browsers a minute, the CDN five, stale while the page cache revalidates. */
  page: "public, max-age=60, s-maxage=300, stale-while-revalidate=600",
  /**
   * An anonymous CMS page showing an experiment's variant: the page cache keeps a copy per group, so only
   * the visitor's own browser may keep it (a CDN would hand one group's page to the others).
   */
  pageVariant: "private, max-age=60",
  /** A shared page's `_payload.json`, kept with its page-cache entry (DESIGN section 4). */
  pagePayload: "public, max-age=60, stale-while-revalidate=600",
  /** Draws and results change only when a draw is published: shared caches may keep them a minute. */
  results: "public, max-age=60, stale-while-revalidate=300",
  /** Prices and products on sale: briefly, as closing times are enforced again on every order. */
  catalogue: "public, max-age=5",
  /** The subscription products come from configuration and change only with a deploy. */
  productList: "public, max-age=60",
  /** The same for everyone and rarely changed (the iDIN banks, the OpenAPI description). */
  reference: "public, max-age=300",
  /** Follows from the URL alone (a boulevard's numbers): a day. */
  derived: "public, max-age=86400",
  /** Named by its build id or content hash, so it never changes. */
  immutable: "public, max-age=31536000, immutable",
} as const;
