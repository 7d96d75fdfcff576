// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { type AnalyticsEvent, onTracked, track, trackOnce } from "./analytics";

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
