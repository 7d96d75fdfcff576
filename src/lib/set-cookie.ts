/** The attributes of a `Set-Cookie` header this shop uses. */
export type SetCookieOptions = {
  /** Lifetime in milliseconds (written as Max-Age in seconds and Expires); absent = a session cookie. */
  maxAgeMs?: number;
  path?: string;
  domain?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict" | "None";
};

const EPOCH = new Date(0).toUTCString();

/** One `Set-Cookie` value; the value is percent-encoded as browsers and `readCookie` expect. */
export function serializeCookie(name: string, value: string, options: SetCookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAgeMs !== undefined) {
    parts.push(`Max-Age=${Math.floor(options.maxAgeMs / 1000)}`);
    parts.push(`Expires=${new Date(Date.now() + options.maxAgeMs).toUTCString()}`);
  }
  if (options.domain) parts.push(`Domain=${options.domain}`);
  parts.push(`Path=${options.path ?? "/"}`);
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`);
  return parts.join("; ");
}

/** A `Set-Cookie` value that makes the browser drop the cookie (same name, Path and Domain). */
export function expiredCookie(name: string, options: SetCookieOptions = {}): string {
  return serializeCookie(name, "", { ...options, maxAgeMs: undefined }).replace(
    /^([^;]*)/,
    `$1; Expires=${EPOCH}`,
  );
}
