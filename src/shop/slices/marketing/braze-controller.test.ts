import { describe, expect, it, vi } from "vitest";
import type { AnalyticsEvent } from "@/src/shop/components/analytics/analytics";
import { type BrazeSdk, createBrazeController } from "./braze-controller";

/** A recording stand-in for the SDK's surface: the state machine is what is tested here. */
function recordingSdk(overrides: Partial<BrazeSdk> = {}) {
  const calls: string[] = [];
  const record = (call: string) => {
    calls.push(call);
    return true;
  };
  const sdk: BrazeSdk = {
    initialize: (key, options) => record(`initialize ${key} ${options.baseUrl}`),
    automaticallyShowInAppMessages: () => record("inApp"),
    changeUser: (id) => {
      record(`changeUser ${id}`);
    },
    openSession: () => {
      record("openSession");
    },
    logCustomEvent: (name) => record(`event ${name}`),
    logPurchase: (id, price, currency, quantity) => record(`purchase ${id} ${price} ${currency} ${quantity}`),
    requestImmediateDataFlush: () => calls.push("flush"),
    wipeData: () => calls.push("wipeData"),
    destroy: () => calls.push("destroy"),
    ...overrides,
  };
  return { sdk, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ADD: AnalyticsEvent = {
  event: "add_to_cart",
  ecommerce: {
    currency: "EUR",
    value: 17.5,
    items: [{ item_id: "s", item_name: "s", price: 17.5, quantity: 1 }],
  },
};

describe("the Braze store", () => {
  it("is cookie-denied below optimaal and loads nothing", async () => {
    const load = vi.fn();
    const braze = createBrazeController({ apiKey: "k", sdkEndpoint: "e", load });
    for (const consent of [undefined, "basis", "beperkt"] as const) {
      braze.update({ consent, customerNumber: undefined });
      expect(braze.state()).toBe("cookie-denied");
    }
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it("stays initial at optimaal without a key", () => {
    const load = vi.fn();
    const braze = createBrazeController({ apiKey: undefined, sdkEndpoint: undefined, load });
    braze.update({ consent: "optimaal", customerNumber: "123456789" });
    expect(braze.state()).toBe("initial");
    expect(load).not.toHaveBeenCalled();
  });

  it("loads at optimaal against the endpoint, identifies the player and logs the funnel's events", async () => {
    const { sdk, calls } = recordingSdk();
    const braze = createBrazeController({
      apiKey: "k",
      sdkEndpoint: "http://127.0.0.1:9",
      load: async () => sdk,
    });
    const states: string[] = [];
    braze.subscribe((state) => states.push(state));
    braze.update({ consent: "optimaal", customerNumber: "123456789" });
    expect(braze.state()).toBe("loading");
    await settle();
    expect(states).toEqual(["loading", "ready"]);
    expect(calls.slice(0, 5)).toEqual([
      "initialize k http://127.0.0.1:9",
      "inApp",
      "changeUser 123456789",
      "openSession",
      "flush",
    ]);
    braze.event(ADD);
    braze.event({ ...ADD, event: "purchase", ecommerce: { ...ADD.ecommerce, transaction_id: "t" } });
    expect(calls).toContain("event add_to_cart");
    expect(calls).toContain("purchase s 17.5 EUR 1");
  });

  it("is torn down when consent drops: data wiped, destroyed, stored data cleared, events no longer logged", async () => {
    const { sdk, calls } = recordingSdk();
    const clearStoredData = vi.fn();
    const braze = createBrazeController({
      apiKey: "k",
      sdkEndpoint: "e",
      load: async () => sdk,
      clearStoredData,
    });
    braze.update({ consent: "optimaal", customerNumber: undefined });
    await settle();
    braze.update({ consent: "beperkt", customerNumber: undefined });
    expect(braze.state()).toBe("cookie-denied");
    expect(calls.slice(-2)).toEqual(["wipeData", "destroy"]);
    expect(clearStoredData).toHaveBeenCalled();
    const before = calls.length;
    braze.event(ADD);
    expect(calls).toHaveLength(before);
  });

  it("drops a load that arrives after consent dropped, and starts again when it comes back", async () => {
    const { sdk, calls } = recordingSdk();
    let resolve: (sdk: BrazeSdk) => void = () => undefined;
    const load = vi.fn(() => new Promise<BrazeSdk>((done) => (resolve = done)));
    const braze = createBrazeController({ apiKey: "k", sdkEndpoint: "e", load });
    braze.update({ consent: "optimaal", customerNumber: undefined });
    braze.update({ consent: "basis", customerNumber: undefined });
    resolve(sdk);
    await settle();
    expect(braze.state()).toBe("cookie-denied");
    expect(calls).toEqual([]);
    braze.update({ consent: "optimaal", customerNumber: undefined });
    resolve(sdk);
    await settle();
    expect(braze.state()).toBe("ready");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("is in error when the SDK fails to load, refuses to start or hangs, and the shop goes on", async () => {
    const failing = createBrazeController({
      apiKey: "k",
      sdkEndpoint: "e",
      load: () => Promise.reject(new Error("blocked")),
    });
    failing.update({ consent: "optimaal", customerNumber: undefined });
    await settle();
    expect(failing.state()).toBe("error");

    const { sdk } = recordingSdk({ initialize: () => false });
    const refusing = createBrazeController({ apiKey: "k", sdkEndpoint: "e", load: async () => sdk });
    refusing.update({ consent: "optimaal", customerNumber: undefined });
    await settle();
    expect(refusing.state()).toBe("error");

    vi.useFakeTimers();
    try {
      const hanging = createBrazeController({
        apiKey: "k",
        sdkEndpoint: "e",
        load: () => new Promise(() => undefined),
        timeoutMs: 1000,
      });
      hanging.update({ consent: "optimaal", customerNumber: undefined });
      await vi.advanceTimersByTimeAsync(1001);
      expect(hanging.state()).toBe("error");
    } finally {
      vi.useRealTimers();
    }
  });

  it("starts anonymously again when the identified player logs out", async () => {
    const { sdk, calls } = recordingSdk();
    const braze = createBrazeController({ apiKey: "k", sdkEndpoint: "e", load: async () => sdk });
    braze.update({ consent: "optimaal", customerNumber: "123456789" });
    await settle();
    braze.update({ consent: "optimaal", customerNumber: undefined });
    await settle();
    expect(braze.state()).toBe("ready");
    const afterLogout = calls.slice(calls.indexOf("destroy"));
    expect(afterLogout).toContain("initialize k e");
    expect(afterLogout.filter((call) => call.startsWith("changeUser"))).toEqual([]);
  });
});
