/**
 * Flash messages (spec sections 3 and 9): message, variant (default `information`) and auto-hide flag,
 * carried across a redirect in a short-lived cookie the page reads once.
 */
export type FlashVariant = "information" | "success" | "warning" | "error";
export type FlashMessage = { message: string; variant: FlashVariant; autoHide: boolean };

export const FLASH_COOKIE = "kl_flash";
const CHARS_PER_MINUTE = 540;
const MIN_DISPLAY_MS = 2_000;

/** Shown for the message length at 540 characters a minute, at least 2 seconds. */
export function flashDisplayTime(message: string): number {
  return Math.max(MIN_DISPLAY_MS, Math.round((message.length / CHARS_PER_MINUTE) * 60_000));
}

export function createFlash(
  message: string,
  variant: FlashVariant = "information",
  autoHide = true,
): FlashMessage {
  return { message, variant, autoHide };
}

const VARIANTS: readonly string[] = ["information", "success", "warning", "error"];

/** Reads the cookie value; anything not shaped like a flash message is ignored. */
export function parseFlash(value: string | undefined): FlashMessage | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as Partial<FlashMessage>;
    if (typeof parsed.message !== "string" || parsed.message.length === 0 || parsed.message.length > 500)
      return undefined;
    const variant =
      typeof parsed.variant === "string" && VARIANTS.includes(parsed.variant)
        ? (parsed.variant as FlashVariant)
        : "information";
    return { message: parsed.message, variant, autoHide: parsed.autoHide !== false };
  } catch {
    return undefined;
  }
}

export function serialiseFlash(flash: FlashMessage): string {
  return encodeURIComponent(JSON.stringify(flash));
}

/** Loader data that carries a flash message the server took for this page (see `takeFlash`). */
export type WithFlash = { flash?: FlashMessage };

/** The flash message in a route's loader data, if it carries one. */
export function flashInData(data: unknown): FlashMessage | undefined {
  if (typeof data !== "object" || data === null || !("flash" in data)) return undefined;
  const { flash } = data as { flash: unknown };
  return typeof flash === "object" && flash !== null && "message" in flash
    ? (flash as FlashMessage)
    : undefined;
}
