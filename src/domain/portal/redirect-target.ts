/**
 * Redirect targets after login, registration, logout, the completion step and the CMS preview (spec
 * section 2; DESIGN section 8): only paths on this site, other front ends of this shop and configured
 * partner hosts are followed; anything else goes home. This module is the one place that decides.
 *
 * The decision is made on what a browser makes of the target, never on its text: the target is parsed
 * with the WHATWG URL parser (the one browsers use for a `Location` header and an `href`) against this
 * site, which strips surrounding control characters and spaces, drops tabs and newlines, reads `\` as `/`
 * and resolves dot segments (`/a/..//evil.example` is `//evil.example`, another host).
 */
export type RedirectTargetOptions = {
  baseUrl: string;
  partnerHosts: readonly string[];
  /** Other front ends of this shop (SHOP_ORIGINS) the portal may send a player back to. */
  shopOrigins?: readonly string[];
};

/** Where every refused target goes. */
export const HOME = "/";

/**
 * How many layers of percent-encoding a same-site path is checked through. A path that still decodes to
 * something new after that many rounds is no address a player clicked: it goes home.
 */
const MAX_DECODING_ROUNDS = 4;

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

/**
 * The target to send the browser to: a path on this site (never one a browser or a later decoding could
 * read as protocol-relative `//host`), the full address on another front end of this shop or on a
 * partner host, or `/` for everything else.
 */
export function safeRedirectTarget(
  target: string | null | undefined,
  options: RedirectTargetOptions,
): string {
  if (!target) return HOME;
  const base = new URL(options.baseUrl);
  const url = parseAsBrowser(target, base);
  if (!url) return HOME;
  if (url.origin === base.origin) return sameSitePath(url, base) ?? HOME;
  if (url.protocol !== "https:" && url.protocol !== "http:") return HOME;
  // `https://partner.example@evil.example` is evil.example; userinfo on an allowed host only confuses.
  if (url.username || url.password) return HOME;
  if (options.shopOrigins?.includes(url.origin)) return url.href;
  return isPartnerHost(url, options.partnerHosts) ? url.href : HOME;
}

/**
 * A return address as another site (the operator's portal) must be given it: made safe as above, then
 * absolute on this shop's origin, so the portal sends the player back here and not to a page of its own.
 */
export function absoluteReturnUrl(target: string | null | undefined, options: RedirectTargetOptions): string {
  return new URL(safeRedirectTarget(target, options), options.baseUrl).toString();
}

/**
 * Whether `target` is a path (it starts with `/`) that a browser reads as a page of the site it is on,
 * whatever that site is: for a party that does not know the shop's address, such as a payment provider.
 */
export function isSameSitePath(target: string): boolean {
  if (!target.startsWith("/")) return false;
  // Any origin will do: a path that stays on one stays on every one.
  const base = new URL("http://site.invalid");
  const url = parseAsBrowser(target, base);
  return url !== undefined && url.origin === base.origin && sameSitePath(url, base) !== undefined;
}

function parseAsBrowser(target: string, base: URL): URL | undefined {
  try {
    return new URL(target, base);
  } catch {
    return undefined;
  }
}

/**
 * The path, query and hash of a same-origin URL, or undefined when its path would leave the site once
 * sent: the serialized path of `/a/..//evil.example` is `//evil.example`, and `/%2F%2Fevil.example` or
 * `/%5Cevil.example` become protocol-relative for whoever decodes them once more. So the path is decoded
 * round by round, each round read as a browser would, and every round must stay a path of this site.
 */
function sameSitePath(url: URL, base: URL): string | undefined {
  let path = url.pathname;
  for (let round = 0; round < MAX_DECODING_ROUNDS; round++) {
    if (isNetworkPath(path)) return undefined;
    const decoded = decodeAsciiOnce(path);
    if (decoded === path) return url.pathname + url.search + url.hash;
    if (isNetworkPath(decoded)) return undefined;
    const reread = parseAsBrowser(decoded, base);
    if (!reread || reread.origin !== base.origin) return undefined;
    path = reread.pathname;
  }
  return undefined;
}

/** `//host`, `/\host` (also with tabs or newlines between, which a browser drops) name another host. */
function isNetworkPath(path: string): boolean {
  return /^[/\\][/\\]/.test(path.replace(/[\t\n\r]/g, ""));
}

/**
 * One round of percent-decoding of ASCII characters: slashes, backslashes, dots, `%` and control
 * characters are what can turn a path into another address; multi-byte sequences cannot, and are kept.
 */
function decodeAsciiOnce(path: string): string {
  return path.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** A configured partner host, compared as the URL parser writes hosts (lower case, IDN as punycode). */
function isPartnerHost(url: URL, partnerHosts: readonly string[]): boolean {
  return partnerHosts.some((partner) => {
    const allowed = parseAsBrowser(`http://${partner}`, new URL("http://site.invalid"));
    if (!allowed || allowed.username || allowed.password || allowed.pathname !== "/") return false;
    return allowed.port ? allowed.host === url.host : allowed.hostname === url.hostname;
  });
}
