import type { BasketTicket, EndDigitsPair, StlBasketTicket } from "@/src/domain/tickets/basket-ticket";
import {
  BASKET_COOKIE_HOURS,
  BASKET_UNIT_LIMIT,
  FRACTIONS,
  MULTIPLIERS,
  PRODUCT_TYPES,
  productIdOf,
  UNCHOSEN_DIGIT,
} from "@/src/domain/tickets/catalogue";
import { readCookie } from "@/src/lib/cookies";

/**
 * The basket cookie (spec sections 3 and 9, DESIGN section 5), read and written by both the browser store
 * and the server. It ships in first-load JavaScript, so it checks shapes by hand instead of with zod; the
 * server still parses what it decodes with the basket ticket schemas before trusting it.
 *
 * A browser keeps at most about 4 KB per cookie and silently drops a bigger one, so the encoding is
 * compact: a version, then one item per `~`-separated segment with its fields in a fixed order separated
 * by `.`. Enumerations are indexes, booleans 0/1, the closing time epoch seconds, end digits one character
 * each (`x` for not chosen), and a product id or first draw that follows from other fields is left empty.
 * Free text (ids) is percent-encoded with `_` for `%`, so the value only holds URI-unreserved characters
 * and no cookie library on either side re-encodes it. Twenty distinct items stay well under 3.5 KB.
 */

const VERSION = "1";
const ITEM_SEPARATOR = "~";
const FIELD_SEPARATOR = ".";
const CLASSIC_TAG = "c";
const MILLION_GAME_TAG = "m";
const CLASSIC_FIELDS = 15;
const MILLION_GAME_FIELDS = 4;
/** A browser refuses larger cookies anyway; anything longer is not ours. */
const MAX_VALUE_LENGTH = 4096;
const MAX_TEXT_LENGTH = 64;
const MAX_DRAW_ID = 999_999;

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
  return [VERSION, ...tickets.map(encodeTicket)].join(ITEM_SEPARATOR);
}

/**
 * The tickets in a cookie value. Never throws: an unknown version or a malformed value gives an empty
 * basket, a malformed item is dropped. Ids may be empty (the load rule generates them), and the closing
 * time comes back as a UTC ISO string of the same instant, to the second.
 */
export function decodeBasketCookie(value: string | null | undefined): BasketTicket[] {
  if (!value || value.length > MAX_VALUE_LENGTH) return [];
  const [version, ...items] = value.split(ITEM_SEPARATOR);
  if (version !== VERSION) return [];
  const tickets: BasketTicket[] = [];
  for (const item of items.slice(0, BASKET_UNIT_LIMIT)) {
    const ticket = decodeTicket(item.split(FIELD_SEPARATOR));
    if (ticket) tickets.push(ticket);
  }
  return tickets;
}

function encodeTicket(ticket: BasketTicket): string {
  if (ticket._type === "MjsBasketTicket") {
    return [MILLION_GAME_TAG, escapeText(ticket.basketItemId), ticket.quantity, ticket.drawId].join(
      FIELD_SEPARATOR,
    );
  }
  const defaultProductId = productIdOf(ticket.productType, ticket.fraction);
  return [
    CLASSIC_TAG,
    escapeText(ticket.basketItemId),
    ticket.quantity,
    ticket.productId === defaultProductId ? "" : escapeText(ticket.productId),
    ticket.drawId,
    PRODUCT_TYPES.indexOf(ticket.productType),
    ticket.multiplier,
    ticket.withXl ? 1 : 0,
    Math.floor(Date.parse(ticket.expireDateTime) / 1000),
    ticket.isUpsell ? 1 : 0,
    ticket.endDigits.map(([first, second]) => digitChar(first) + digitChar(second)).join(""),
    ticket.pricePerTicketInCents,
    ticket.pricePerTicketWithAddOnInCents ?? "",
    FRACTIONS.indexOf(ticket.fraction),
    ticket.firstDrawId === ticket.drawId ? "" : ticket.firstDrawId,
  ].join(FIELD_SEPARATOR);
}

function decodeTicket(fields: string[]): BasketTicket | undefined {
  const [tag, id] = fields;
  const basketItemId = unescapeText(id);
  if (basketItemId === undefined) return undefined;
  if (tag === MILLION_GAME_TAG && fields.length === MILLION_GAME_FIELDS) {
    const quantity = integer(fields[2], 1, BASKET_UNIT_LIMIT);
    const drawId = integer(fields[3], 1, MAX_DRAW_ID);
    if (quantity === undefined || drawId === undefined) return undefined;
    return { _type: "MjsBasketTicket", basketItemId, quantity, drawId };
  }
  if (tag === CLASSIC_TAG && fields.length === CLASSIC_FIELDS) return decodeClassic(basketItemId, fields);
  return undefined;
}

function decodeClassic(basketItemId: string, fields: string[]): StlBasketTicket | undefined {
  const [, , quantityField, productIdField, drawField, typeField, multiplierField, xlField] = fields;
  const [expireField, upsellField, digitsField, priceField, addOnField, fractionField, firstDrawField] =
    fields.slice(8);
  const quantity = integer(quantityField, 1, BASKET_UNIT_LIMIT);
  const drawId = integer(drawField, 1, MAX_DRAW_ID);
  const productType = PRODUCT_TYPES[integer(typeField, 0, PRODUCT_TYPES.length - 1) ?? -1];
  const fraction = FRACTIONS[integer(fractionField, 0, FRACTIONS.length - 1) ?? -1];
  const multiplier = integer(multiplierField, MULTIPLIERS[0], MULTIPLIERS[MULTIPLIERS.length - 1]!);
  const withXl = flag(xlField);
  const isUpsell = flag(upsellField);
  const expireSeconds = integer(expireField, 0, 8_640_000_000_000);
  const pricePerTicketInCents = integer(priceField, 0);
  const addOn = addOnField === "" ? null : integer(addOnField, 0);
  const firstDrawId = firstDrawField === "" ? drawId : integer(firstDrawField, 1, MAX_DRAW_ID);
  const endDigits = quantity === undefined ? undefined : decodeDigits(digitsField, quantity);
  if (
    quantity === undefined ||
    drawId === undefined ||
    productType === undefined ||
    fraction === undefined ||
    multiplier === undefined ||
    withXl === undefined ||
    isUpsell === undefined ||
    expireSeconds === undefined ||
    pricePerTicketInCents === undefined ||
    addOn === undefined ||
    firstDrawId === undefined ||
    endDigits === undefined
  ) {
    return undefined;
  }
  const productId = productIdField === "" ? productIdOf(productType, fraction) : unescapeText(productIdField);
  if (!productId) return undefined;
  return {
    _type: "StlBasketTicket",
    basketItemId,
    quantity,
    productId,
    drawId,
    productType,
    multiplier,
    withXl,
    expireDateTime: new Date(expireSeconds * 1000).toISOString(),
    isUpsell,
    endDigits,
    pricePerTicketInCents,
    ...(addOn === null ? {} : { pricePerTicketWithAddOnInCents: addOn }),
    fraction,
    isFractional: fraction !== "WHOLE",
    firstDrawId,
  };
}

const INTEGER = /^(0|[1-9]\d{0,14})$/;

function integer(field: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (field === undefined || !INTEGER.test(field)) return undefined;
  const value = Number(field);
  return value >= min && value <= max ? value : undefined;
}

function flag(field: string | undefined): boolean | undefined {
  if (field === "1") return true;
  if (field === "0") return false;
  return undefined;
}

function digitChar(digit: number): string {
  return digit === UNCHOSEN_DIGIT ? "x" : String(digit);
}

/** Pairs of digit characters; at most one pair per ticket (spec section 5). */
function decodeDigits(field: string | undefined, quantity: number): EndDigitsPair[] | undefined {
  if (field === undefined || !/^([0-9x]{2})*$/.test(field) || field.length / 2 > quantity) return undefined;
  const pairs: EndDigitsPair[] = [];
  for (let index = 0; index < field.length; index += 2) {
    pairs.push([digitValue(field[index]!), digitValue(field[index + 1]!)]);
  }
  return pairs;
}

function digitValue(char: string): number {
  return char === "x" ? UNCHOSEN_DIGIT : Number(char);
}

/** Percent-encoding with `_` for `%`, and every other punctuation mark escaped, so separators stay free. */
function escapeText(text: string): string {
  return encodeURIComponent(text)
    .replace(/[._~!*'()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%/g, "_");
}

function unescapeText(field: string | undefined): string | undefined {
  if (field === undefined || !/^[A-Za-z0-9_-]*$/.test(field)) return undefined;
  try {
    const text = decodeURIComponent(field.replace(/_/g, "%"));
    return text.length <= MAX_TEXT_LENGTH ? text : undefined;
  } catch {
    return undefined;
  }
}
