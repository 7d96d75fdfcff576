/** A cookie's value in a `Cookie` header or `document.cookie`, percent-decoded; undefined when absent or malformed. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The cookies of a `Cookie` header by name, values as sent (not decoded), in their order. */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

/** A `Cookie` header of the given cookies; undefined when there are none. */
export function formatCookieHeader(cookies: ReadonlyMap<string, string>): string | undefined {
  if (cookies.size === 0) return undefined;
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * Lays one `Set-Cookie` over a browser's cookies as the browser would: an expired cookie (`Max-Age` of 0
 * or less, or `Expires` in the past) is removed, any other replaces the value. Path and Domain are not
 * compared: the cookies are the ones one site sent for one request.
 */
export function applySetCookie(cookies: Map<string, string>, setCookie: string, now = Date.now()): void {
  const [pair = "", ...attributes] = setCookie.split(";");
  const index = pair.indexOf("=");
  if (index <= 0) return;
  const name = pair.slice(0, index).trim();
  const expired = attributes.some((attribute) => {
    const separator = attribute.indexOf("=");
    const key = attribute
      .slice(0, separator === -1 ? undefined : separator)
      .trim()
      .toLowerCase();
    const value = separator === -1 ? "" : attribute.slice(separator + 1).trim();
    if (key === "max-age") return Number(value) <= 0;
    if (key === "expires") return Date.parse(value) <= now;
    return false;
  });
  if (expired) cookies.delete(name);
  else cookies.set(name, pair.slice(index + 1).trim());
}
