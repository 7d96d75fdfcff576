import { allows } from "@/src/domain/consent/consent";
import { currentConsent } from "../consent/consent-store";

/**
 * The analytics funnel (issue 20 item 3): GA4 e-commerce events in `window.dataLayer`, EUR, item prices in
 * euros, only from consent level `beperkt` on; below it nothing is pushed, and nothing is kept to push
 * later. Whatever else follows the shop's events (Braze at `optimaal`) listens here, so the events have one
 * shape and one gate.
 */
export type AnalyticsItem = {
  item_id: string;
  item_name: string;
  item_category?: string;
  item_variant?: string;
  /** Euros for one; left out for a teaser, which has no price of its own. */
  price?: number;
  quantity: number;
  firstDrawId?: number;
};

export type AnalyticsEvent = {
  event: string;
  ecommerce: {
    currency: "EUR";
    value?: number;
    transaction_id?: string;
    item_list_id?: string;
    item_list_name?: string;
    payment_type?: string;
    firstDrawId?: number;
    items: AnalyticsItem[];
  };
};

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const listeners = new Set<(event: AnalyticsEvent) => void>();

/** Pushes an event when the visitor allows measurement; answers whether it was pushed. */
export function track(event: AnalyticsEvent): boolean {
  if (typeof window === "undefined" || !allows(currentConsent(), "measurement")) return false;
  window.dataLayer ??= [];
  // GA4 advice: clear the previous e-commerce object so its items do not leak into this event.
  window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(event);
  for (const listener of listeners) listener(event);
  return true;
}

const ONCE_PREFIX = "kl_tracked:";

/**
 * Pushes an event once per key in this browser (a purchase per order: a reload of the confirmation, or
 * coming back to it, adds none). A browser that keeps nothing (private mode) may see it twice.
 */
export function trackOnce(key: string, event: AnalyticsEvent): boolean {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
    if (storage.getItem(ONCE_PREFIX + key)) return false;
  } catch {
    storage = undefined;
  }
  if (!track(event)) return false;
  try {
    storage?.setItem(ONCE_PREFIX + key, "1");
  } catch {
    // Full or refused storage: the event was pushed; at worst a reload pushes it again.
  }
  return true;
}

/** Follows the events pushed (Braze); returns the way to stop. */
export function onTracked(listener: (event: AnalyticsEvent) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Cents as the euros GA4 wants, without floating-point dust. */
export function euros(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Teasers (a card grid's products) are server-rendered HTML without JavaScript of their own: they carry
 * their item in data attributes (`data-item-list` on the grid, `data-item-id`, `data-item-name`,
 * `data-item-variant` on a card), and the CMS page reads them for the funnel.
 */
export function teaserItem(card: Element): AnalyticsItem | undefined {
  const id = card.getAttribute("data-item-id");
  const name = card.getAttribute("data-item-name");
  if (!id || !name) return undefined;
  return {
    item_id: id,
    item_name: name,
    item_category: "Teaser",
    item_variant: card.getAttribute("data-item-variant") ?? undefined,
    quantity: 1,
  };
}

/** `view_item_list` for every teaser grid under `root`. */
export function trackTeaserLists(root: Element): void {
  for (const list of root.querySelectorAll("[data-item-list]")) {
    const items = [...list.querySelectorAll("[data-item-id]")].flatMap((card) => teaserItem(card) ?? []);
    if (items.length === 0) continue;
    track({
      event: "view_item_list",
      ecommerce: {
        currency: "EUR",
        item_list_id: list.getAttribute("data-item-list") ?? undefined,
        item_list_name: list.getAttribute("data-item-list-name") ?? undefined,
        items,
      },
    });
  }
}

/** `view_item` for the teaser a followed link belongs to, if it belongs to one. */
export function trackTeaserFollowed(link: Element): void {
  const card = link.closest("[data-item-id]");
  const item = card ? teaserItem(card) : undefined;
  if (item) track({ event: "view_item", ecommerce: { currency: "EUR", items: [item] } });
}
