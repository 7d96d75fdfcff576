import type { Response } from "express";
import { FLASH_COOKIE, type FlashMessage, serialiseFlash } from "./flash";

/** Sets the flash message the next page shows (read once by the browser, so not HttpOnly). */
export function setFlashCookie(res: Response, flash: FlashMessage, options: { secure: boolean }): void {
  res.cookie(FLASH_COOKIE, serialiseFlash(flash), {
    path: "/",
    maxAge: 60_000,
    sameSite: "lax",
    secure: options.secure,
    httpOnly: false,
    encode: String,
  });
}

/** The same cookie as a `Set-Cookie` value, for loaders and actions that answer with a redirect. */
export function flashCookieHeader(flash: FlashMessage, options: { secure: boolean }): string {
  return `${FLASH_COOKIE}=${serialiseFlash(flash)}; Path=/; Max-Age=60; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}
