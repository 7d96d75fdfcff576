// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import {
  type AnalyticsEvent,
  onTracked,
  track,
  trackOnce,
  trackTeaserFollowed,
  trackTeaserLists,
} from "./analytics";

const EVENT: AnalyticsEvent = {
  event: "purchase",
  ecommerce: { currency: "EUR", value: 17.5, transaction_id: "t-1", items: [] },
};

function choose(level: string | undefined) {
  // biome-ignore lint/suspicious/noDocumentCookie: the visitor's choice
  document.cookie = level
    ? `kl_consent=1.${level}.${Math.floor(Date.now() / 1000)}; Path=/`
    : "kl_consent=; Max-Age=0; Path=/";
}

beforeEach(() => {
  delete window.dataLayer;
  window.localStorage.clear();
});

describe("the analytics funnel", () => {
  it("pushes nothing without a choice or at basis, and nothing is kept to push later", () => {
    for (const level of [undefined, "basis"]) {
      choose(level);
      expect(track(EVENT)).toBe(false);
    }
    expect(window.dataLayer).toBeUndefined();
  });

  it("pushes from beperkt on, clearing the previous e-commerce object first, and tells its listeners", () => {
    choose("beperkt");
    const heard: string[] = [];
    const stop = onTracked((event) => heard.push(event.event));
    expect(track(EVENT)).toBe(true);
    stop();
    expect(window.dataLayer).toEqual([{ ecommerce: null }, EVENT]);
    expect(heard).toEqual(["purchase"]);
  });

  it("pushes a purchase once per key in this browser, however often the confirmation is shown", () => {
    choose("optimaal");
    expect(trackOnce("purchase:t-1", EVENT)).toBe(true);
    expect(trackOnce("purchase:t-1", EVENT)).toBe(false);
    expect(trackOnce("purchase:t-2", EVENT)).toBe(true);
    expect(window.dataLayer?.filter((entry) => (entry as { event?: string }).event)).toHaveLength(2);
  });

  it("does not use up the once of an event it could not push (no consent yet)", () => {
    choose(undefined);
    expect(trackOnce("purchase:t-3", EVENT)).toBe(false);
    choose("beperkt");
    expect(trackOnce("purchase:t-3", EVENT)).toBe(true);
  });
});

describe("teasers, server-rendered without JavaScript of their own", () => {
  it("are read from their data attributes: the grid a view_item_list, a followed card a view_item", () => {
    choose("beperkt");
    const root = document.createElement("div");
    root.innerHTML = `
      <section data-item-list="producten" data-item-list-name="Onze loten">
        <ul>
          <li data-item-id="t-los" data-item-name="Los lot" data-item-variant="/loten"><a href="/loten">Kies</a></li>
          <li data-item-id="t-abo" data-item-name="Abonnement" data-item-variant="/abonnement"><a href="/abonnement">Kies</a></li>
        </ul>
      </section>
      <p><a href="/elders">Geen teaser</a></p>`;
    trackTeaserLists(root);
    trackTeaserFollowed(root.querySelector('a[href="/abonnement"]')!);
    trackTeaserFollowed(root.querySelector('a[href="/elders"]')!);
    const events = (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event);
    expect(events).toEqual([
      {
        event: "view_item_list",
        ecommerce: {
          currency: "EUR",
          item_list_id: "producten",
          item_list_name: "Onze loten",
          items: [
            {
              item_id: "t-los",
              item_name: "Los lot",
              item_category: "Teaser",
              item_variant: "/loten",
              quantity: 1,
            },
            {
              item_id: "t-abo",
              item_name: "Abonnement",
              item_category: "Teaser",
              item_variant: "/abonnement",
              quantity: 1,
            },
          ],
        },
      },
      {
        event: "view_item",
        ecommerce: {
          currency: "EUR",
          items: [
            {
              item_id: "t-abo",
              item_name: "Abonnement",
              item_category: "Teaser",
              item_variant: "/abonnement",
              quantity: 1,
            },
          ],
        },
      },
    ]);
  });
});
