/**
 * Redirect targets after login, registration and logout (spec section 2; DESIGN section 8): only paths on
 * this site and addresses on configured partner hosts are followed; anything else goes home.
 */
export type RedirectTargetOptions = {
  baseUrl: string;
  partnerHosts: readonly string[];
  /** Other front ends of this shop (SHOP_ORIGINS) the portal may send a player back to. */
  shopOrigins?: readonly string[];
};

/** The options of a configuration: this site, its partner hosts and the front ends it serves. */
export function redirectTargetOptions(config: {
  baseUrl: string;
  partnerHosts: Record<string, string>;
  shopOrigins: readonly string[];
}): RedirectTargetOptions {
  return {
    baseUrl: config.baseUrl,
    partnerHosts: Object.keys(config.partnerHosts),
    shopOrigins: config.shopOrigins,
  };
}

export function safeRedirectTarget(
  target: string | null | undefined,
  options: RedirectTargetOptions,
): string {
  if (!target) return "/";
  const value = target.trim();
  // A single leading slash is a path here; `//host` and `/\\host` would leave the site.
  if (/^\/(?![/\\])/.test(value)) {
    try {
      const url = new URL(value, options.baseUrl);
      return url.origin === new URL(options.baseUrl).origin ? url.pathname + url.search + url.hash : "/";
    } catch {
      return "/";
    }
  }
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") return "/";
    if (url.origin === new URL(options.baseUrl).origin) return url.pathname + url.search + url.hash;
    if (options.shopOrigins?.includes(url.origin)) return url.toString();
    const host = url.host.toLowerCase();
    return options.partnerHosts.some(
      (partner) => partner.toLowerCase() === host || partner.toLowerCase() === url.hostname.toLowerCase(),
    )
      ? url.toString()
      : "/";
  } catch {
    return "/";
  }
}

/**
 * A return address as another site (the operator's portal) must be given it: made safe as above, then
 * absolute on this shop's origin, so the portal sends the player back here and not to a page of its own.
 */
export function absoluteReturnUrl(target: string | null | undefined, options: RedirectTargetOptions): string {
  return new URL(safeRedirectTarget(target, options), options.baseUrl).toString();
}
