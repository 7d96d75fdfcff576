/** User agents of search-engine and preview bots (spec section 2): their browser errors are reported, not shown. */
const BOT_PATTERN = /bot|lighthouse|facebookexternalhit|facebook|google/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return typeof userAgent === "string" && BOT_PATTERN.test(userAgent);
}
