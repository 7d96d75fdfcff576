import { readCookie } from "@/src/lib/cookies";
import type { BasketTicket } from "./basket-ticket";
import { BASKET_COOKIE_HOURS, BASKET_UNIT_LIMIT } from "./catalogue";
import { kindOf, kindOfCookieTag } from "./kinds/registry";

/**
 * The basket cookie (spec sections 3 and 9, DESIGN section 5), read and written by both the browser store
 * and the server. It ships in first-load JavaScript, so it checks shapes by hand instead of with zod; the
 * server still parses what it decodes with the basket ticket schemas before trusting it.
 *
 * A browser keeps at most about 4 KB per cookie and silently drops a bigger one, so the encoding is
 * compact: the format version, then one item per `~`-separated segment: its kind's cookie tag and the
 * fields the kind writes (`domain/tickets/kinds/`), separated by `.`. The value only holds URI-unreserved
 * characters, so no cookie library on either side re-encodes it. Twenty distinct items stay well under
 * 3.5 KB.
 *
 * Versions: a new kind of ticket only adds a tag, and needs no new version (a reader that does not know
 * the tag drops that item). Changing the fields of an existing kind does: bump `FORMAT_VERSION` and keep
 * reading the old one. A value of another version, or one that is not ours, reads as an empty basket.
 */

const FORMAT_VERSION = "1";
const ITEM_SEPARATOR = "~";
const FIELD_SEPARATOR = ".";
/** A browser refuses larger cookies anyway; anything longer is not ours. */
const MAX_VALUE_LENGTH = 4096;

export const BASKET_COOKIE_MAX_AGE_SECONDS = BASKET_COOKIE_HOURS * 60 * 60;

export type BasketCookieSettings = { secure: boolean; domain?: string };

/** `__Secure-` on https makes the browser insist on the Secure flag (spec section 9). */
export function basketCookieName(secure: boolean): string {
  return secure ? "__Secure-kl_basket" : "kl_basket";
}

/**
 * Attributes for setting the cookie: 744 hours, the whole site, the parent domain when configured. Not
 * HttpOnly, since the page itself keeps the basket; SameSite=Lax keeps it on links from partner sites.
 */
export function basketCookieAttributes({ secure, domain }: BasketCookieSettings): string {
  return cookieAttributes(BASKET_COOKIE_MAX_AGE_SECONDS, secure, domain);
}

/** A complete `Set-Cookie` / `document.cookie` string that deletes the cookie (same Path and Domain). */
export function expiredBasketCookie({ secure, domain }: BasketCookieSettings): string {
  return `${basketCookieName(secure)}=; ${cookieAttributes(0, secure, domain)}`;
}

/**
 * The whole cookie for a basket, as `document.cookie` takes it and as a `Set-Cookie` header: the encoded
 * tickets with their attributes, or the expired cookie for an empty basket.
 */
export function basketCookie(tickets: readonly BasketTicket[], settings: BasketCookieSettings): string {
  if (tickets.length === 0) return expiredBasketCookie(settings);
  return `${basketCookieName(settings.secure)}=${encodeBasketCookie(tickets)}; ${basketCookieAttributes(settings)}`;
}

function cookieAttributes(maxAge: number, secure: boolean, domain: string | undefined): string {
  const parts = [`Max-Age=${maxAge}`, "Path=/"];
  if (domain) parts.push(`Domain=${domain}`);
  if (secure) parts.push("Secure");
  parts.push("SameSite=Lax");
  return parts.join("; ");
}

/** The basket cookie's value in a `Cookie` header or `document.cookie`, if present. */
export function readBasketCookie(cookies: string | null | undefined, secure: boolean): string | undefined {
  return readCookie(cookies, basketCookieName(secure));
}

export function encodeBasketCookie(tickets: readonly BasketTicket[]): string {
  return [FORMAT_VERSION, ...tickets.map(encodeItem)].join(ITEM_SEPARATOR);
}

/**
 * The tickets in a cookie value. Never throws: an unknown version or a malformed value gives an empty
 * basket, a malformed item or one of an unknown kind is dropped. Ids may be empty (the load rule
 * generates them).
 */
export function decodeBasketCookie(value: string | null | undefined): BasketTicket[] {
  if (!value || value.length > MAX_VALUE_LENGTH) return [];
  const [version, ...items] = value.split(ITEM_SEPARATOR);
  if (version !== FORMAT_VERSION) return [];
  const tickets: BasketTicket[] = [];
  for (const item of items.slice(0, BASKET_UNIT_LIMIT)) {
    const ticket = decodeItem(item);
    if (ticket) tickets.push(ticket);
  }
  return tickets;
}

function encodeItem(ticket: BasketTicket): string {
  const { cookie } = kindOf(ticket);
  return [cookie.tag, ...cookie.encode(ticket)].join(FIELD_SEPARATOR);
}

function decodeItem(item: string): BasketTicket | undefined {
  const [tag = "", ...fields] = item.split(FIELD_SEPARATOR);
  return kindOfCookieTag(tag)?.cookie.decode(fields);
}
