import { useSyncExternalStore } from "react";
import { parsePublicEnv } from "@/src/config/public-env";
import {
  type BasketCookieSettings,
  basketCookie,
  decodeBasketCookie,
  encodeBasketCookie,
  readBasketCookie,
} from "@/src/domain/tickets/basket-cookie";
import { remainingUnits, totalTickets } from "@/src/domain/tickets/basket-math";
import {
  addTicket,
  type CartEvent,
  loadBasket,
  randomBasketItemId,
  removeTicket,
  type TicketValidator,
  updateTicket,
} from "@/src/domain/tickets/basket-rules";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { BASKET_UNIT_LIMIT } from "@/src/domain/tickets/catalogue";
import { createFlash } from "@/src/lib/flash/flash";
import { basket as basketMessages } from "@/src/lib/messages";
import { track } from "@/src/shop/components/analytics/analytics";
import { showFlash } from "@/src/shop/components/flash/flash-messages";

/**
 * The browser's basket (spec sections 3, 4 and 9; DESIGN section 5): one store for the header, the basket
 * page, the configurators and `window.basket`. The cookie is the source of truth, so every tab and the
 * server see the same basket: the store reads it on first use, again when the tab comes back into view
 * and before every change, and writes it after every change. It is part of first-load JavaScript, so it
 * uses no zod: tickets come in validated, and an update takes the validator from its caller.
 */

export type BasketNotificationState = "idle" | "added" | "removed";

export type BasketView = {
  tickets: readonly BasketTicket[];
  /**
   * The tickets in the basket as a player counts them (the header's count, issue 43): a street is 10, a
   * multiplier adds none. The limit counts units (`remaining`).
   */
  ticketCount: number;
  /** Units still free under the limit of 100. */
  remaining: number;
  notification: BasketNotificationState;
};

/** What the server renders and the browser hydrates with: the server never knows this tab's basket. */
const EMPTY: BasketView = { tickets: [], ticketCount: 0, remaining: BASKET_UNIT_LIMIT, notification: "idle" };

let view: BasketView = EMPTY;
let loaded = false;
const listeners = new Set<() => void>();

function inBrowser(): boolean {
  return typeof document !== "undefined";
}

function cookieSettings(): BasketCookieSettings {
  const env = parsePublicEnv(window.__PUBLIC_ENV__);
  return {
    secure: env?.secureCookies ?? window.location.protocol === "https:",
    domain: env?.cookieDomain,
  };
}

function toView(tickets: readonly BasketTicket[], notification: BasketNotificationState): BasketView {
  return { tickets, ticketCount: totalTickets(tickets), remaining: remainingUnits(tickets), notification };
}

function emit(): void {
  for (const listener of listeners) listener();
}

function currentCookie(): string | undefined {
  return readBasketCookie(document.cookie, cookieSettings().secure);
}

/** The raw cookie value as this tab last read or wrote it; null before the first read. */
let lastSeenCookie: string | undefined | null = null;

function writeCookie(tickets: readonly BasketTicket[]): void {
  const settings = cookieSettings();
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every browser we serve.
  document.cookie = basketCookie(tickets, settings);
  // Read back what the browser kept: if it refused the cookie, the tab's basket is not replaced by the old one.
  lastSeenCookie = currentCookie();
}

/**
 * Brings the basket up to date: from the cookie when it changed since this tab last saw it (another tab or
 * the server wrote it), then the load rule (expired tickets out, missing ids in), written back when that
 * changed anything. `silent` skips notifying, for the first read inside a render, where notifying would
 * update other components mid-render.
 */
function readFromCookie({ silent }: { silent: boolean }): void {
  const raw = currentCookie();
  const source = raw === lastSeenCookie ? view.tickets : decodeBasketCookie(raw);
  lastSeenCookie = raw;
  loaded = true;
  const tickets = loadBasket(source, new Date(), randomBasketItemId);
  if (tickets.length !== source.length || tickets.some((ticket, index) => ticket !== source[index])) {
    writeCookie(tickets);
  }
  // Compared in cookie form: a ticket that went through the cookie differs only in how its time is written.
  if (encodeBasketCookie(tickets) === encodeBasketCookie(view.tickets)) return;
  view = toView(tickets, view.notification);
  if (!silent) emit();
}

function ensureLoaded(): void {
  if (!loaded && inBrowser()) readFromCookie({ silent: true });
}

/** Another tab may have changed the basket while this one was in the background. */
function refresh(): void {
  if (inBrowser()) readFromCookie({ silent: false });
}

/** The basket's events go to the funnel, which pushes them only when the visitor allows measurement. */
function pushEvents(events: readonly CartEvent[]): void {
  for (const event of events) track(event);
}

function commit(
  tickets: readonly BasketTicket[],
  notification: BasketNotificationState,
  events: readonly CartEvent[],
): void {
  view = toView(tickets, notification);
  writeCookie(tickets);
  emit();
  pushEvents(events);
}

function refuseOverLimit(): "overLimit" {
  showFlash(createFlash(basketMessages.overLimit, "error"));
  return "overLimit";
}

let windowListenersInstalled = false;

function installWindowListeners(): void {
  if (windowListenersInstalled || !inBrowser()) return;
  windowListenersInstalled = true;
  window.addEventListener("focus", refresh);
  // A page restored from the back/forward cache kept its old basket in memory.
  window.addEventListener("pageshow", refresh);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
}

function subscribe(listener: () => void): () => void {
  installWindowListeners();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): BasketView {
  ensureLoaded();
  return view;
}

const getServerSnapshot = (): BasketView => EMPTY;

/**
 * The basket for components. The server and the hydration render see an empty basket (pages with a basket
 * link are cached for everyone); React then re-renders with this tab's basket, without a mismatch.
 */
export function useBasket(): BasketView {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** The tickets now in the basket, for code outside React. */
export function basketSnapshot(): readonly BasketTicket[] {
  ensureLoaded();
  return view.tickets;
}

/**
 * Adds a validated ticket (an empty `basketItemId` gets a generated one), merging it into a matching item
 * (spec section 4). Over the limit of 100 units nothing changes and the player sees the error flash.
 */
export function addToBasket(ticket: BasketTicket): "added" | "overLimit" {
  refresh();
  const result = addTicket(view.tickets, ticket, randomBasketItemId);
  if (result.status === "overLimit") return refuseOverLimit();
  commit(result.tickets, "added", result.events);
  return "added";
}

/** Removes an item; false when the basket holds no item with this id. */
export function removeFromBasket(basketItemId: string): boolean {
  refresh();
  const result = removeTicket(view.tickets, basketItemId);
  if (result.status === "ticketNotFound") return false;
  commit(result.tickets, "removed", result.events);
  return true;
}

/**
 * Updates an item with a partial patch (spec section 4); quantity 0 removes it. `validate` parses the
 * patched ticket (the zod schemas, which stay out of first-load JavaScript: see `validateBasketTicket` in
 * window-basket.ts). Over the limit nothing changes and the player sees the error flash.
 * @throws Error('Ticket not found in basket') for an unknown id, then Error('Not a valid ticket').
 */
export function updateBasketTicket(
  basketItemId: string,
  data: unknown,
  validate: TicketValidator,
): "updated" | "overLimit" {
  refresh();
  const result = updateTicket(view.tickets, basketItemId, data, validate);
  switch (result.status) {
    case "ticketNotFound":
      throw new Error(basketMessages.ticketNotFound);
    case "notAValidTicket":
      throw new Error(basketMessages.notAValidTicket);
    case "overLimit":
      return refuseOverLimit();
    case "removed":
      commit(result.tickets, "removed", result.events);
      return "updated";
    case "updated":
      commit(result.tickets, view.notification, result.events);
      return "updated";
  }
}

/** Empties the basket once its order is paid: the tickets were bought, not removed, so no events. */
export function clearBasket(): void {
  if (!inBrowser()) return;
  loaded = true;
  commit([], "idle", []);
}

/** Hides the basket notification (it hides itself after a while). */
export function dismissBasketNotification(): void {
  if (view.notification === "idle") return;
  view = { ...view, notification: "idle" };
  emit();
}
