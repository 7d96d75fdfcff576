import { FLASH_COOKIE, type FlashMessage, serialiseFlash } from "./flash";

const FLASH_COOKIE_SECONDS = 60;

/**
 * The flash message the next page shows, as a `Set-Cookie` value (loaders and actions that answer with a
 * redirect). Read once by the browser, so not HttpOnly.
 */
export function flashCookieHeader(flash: FlashMessage, options: { secure: boolean }): string {
  return `${FLASH_COOKIE}=${serialiseFlash(flash)}; Path=/; Max-Age=${FLASH_COOKIE_SECONDS}; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/** The same cookie on an Express answer. */
export function setFlashCookie(
  res: { append(name: string, value: string): unknown },
  flash: FlashMessage,
  options: { secure: boolean },
): void {
  res.append("Set-Cookie", flashCookieHeader(flash, options));
}
