/**
 * The results overview lists the recent draws itself (with "more"): a draw-results block on that page
 * shows the latest result without its own list of past draws, so the page does not list the same draws
 * twice. Decided from the page's path, so the block's markup is the same whether the server renders it
 * once (decision 9) or React renders it.
 */
const PAGE_LISTING_RECENT_DRAWS = "/trekkingsuitslag";

export function pageListsRecentDraws(pagePath: string | undefined): boolean {
  return pagePath === PAGE_LISTING_RECENT_DRAWS;
}
