import { readCookie } from "@/src/lib/cookies";
import { FLASH_COOKIE, type FlashMessage, parseFlash, serialiseFlash } from "./flash";

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

/**
 * The flash message a redirect left for this page, taken on the server: a page rendered for one browser
 * (never a shared cached one) puts it in its loader data, where `FlashMessages` shows it in the server's
 * HTML, so a browser without JavaScript sees it too. `clear` is the `Set-Cookie` that ends it, so it is
 * shown once.
 */
export function takeFlash(request: Request, options: { secure: boolean }): TakenFlash | undefined {
  const flash = parseFlash(readCookie(request.headers.get("cookie"), FLASH_COOKIE));
  if (!flash) return undefined;
  return {
    flash,
    clear: `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${options.secure ? "; Secure" : ""}`,
  };
}

export type TakenFlash = { flash: FlashMessage; clear: string };
