import { allows } from "@/src/domain/consent/consent";
import type { AnalyticsEvent } from "@/src/shop/components/analytics/analytics";
import type { ConsentState } from "@/src/shop/components/consent/consent-store";

/**
 * Braze, the marketing tool (spec section 4, issue 20 item 2), as one store with the spec's states:
 * - `cookie-denied`: the visitor did not choose `optimaal`; nothing of Braze is loaded or kept;
 * - `initial`: `optimaal`, but the shop has no Braze key (`BRAZE_API_KEY`): nothing to load;
 * - `loading`: the SDK is being fetched (`import()`, never in SSR or a first-load chunk);
 * - `error`: it failed to load or to start (or took too long): the shop works on without it;
 * - `ready`: initialised against `BRAZE_SDK_ENDPOINT`, the logged-in player identified by customer number,
 *   in-app messages shown, basket and purchase events logged.
 * When consent drops below `optimaal` a loaded SDK is torn down at once: its local data wiped, the instance
 * destroyed, no further request; a load still in flight is dropped when it arrives.
 */
export type BrazeState = "cookie-denied" | "initial" | "loading" | "error" | "ready";

/** The part of `@braze/web-sdk` the shop uses. */
export type BrazeSdk = {
  initialize(apiKey: string, options: { baseUrl: string; [option: string]: unknown }): boolean;
  automaticallyShowInAppMessages(): unknown;
  changeUser(userId: string): void;
  openSession(): void;
  logCustomEvent(name: string, properties?: Record<string, string | number | boolean>): boolean;
  logPurchase(
    productId: string,
    price: number,
    currency?: string,
    quantity?: number,
    properties?: Record<string, string | number | boolean>,
  ): boolean;
  requestImmediateDataFlush(): void;
  wipeData(): void;
  destroy(): void;
};

export type BrazeOptions = {
  apiKey: string | undefined;
  sdkEndpoint: string | undefined;
  load: () => Promise<BrazeSdk>;
  /** A load that takes longer is given up (`error`). */
  timeoutMs?: number;
  /** Removes what Braze keeps in this browser without a loaded SDK (its storage keys and cookies). */
  clearStoredData?: () => void;
};

export type BrazeController = {
  state(): BrazeState;
  subscribe(listener: (state: BrazeState) => void): () => void;
  /** The visitor's consent and the logged-in player (customer number) as they are now. */
  update(input: { consent: ConsentState; customerNumber: string | undefined }): void;
  /** A funnel event (only pushed when measurement is allowed); logged when ready. */
  event(event: AnalyticsEvent): void;
};

const DEFAULT_ENDPOINT = "sdk.fra-02.braze.eu";

/** Wipes what a loaded SDK kept and destroys it; a broken SDK is dropped all the same. */
function destroySdk(sdk: BrazeSdk): void {
  try {
    sdk.wipeData();
  } catch {
    // What it kept is removed below all the same.
  } finally {
    try {
      sdk.destroy();
    } catch {
      // A broken SDK is dropped all the same.
    }
  }
}

/** The SDK, or a rejection when loading it fails or takes longer than `timeoutMs`. */
async function loadWithin(load: () => Promise<BrazeSdk>, timeoutMs: number): Promise<BrazeSdk> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      load(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("Braze did not load in time")), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function initialise(sdk: BrazeSdk, apiKey: string, sdkEndpoint: string | undefined): void {
  const started = sdk.initialize(apiKey, {
    baseUrl: sdkEndpoint || DEFAULT_ENDPOINT,
    doNotLoadFontAwesome: true,
    sessionTimeoutInSeconds: 30 * 60,
  });
  if (!started) throw new Error("Braze refused to initialise");
}

/** A purchase is logged per ticket line; any other funnel event as a custom event with its value. */
function logEvent(sdk: BrazeSdk, event: AnalyticsEvent): void {
  const { ecommerce } = event;
  if (event.event === "purchase") {
    for (const item of ecommerce.items) {
      sdk.logPurchase(item.item_id, item.price ?? 0, "EUR", item.quantity, {
        transaction_id: ecommerce.transaction_id ?? "",
      });
    }
  } else {
    sdk.logCustomEvent(event.event, {
      value: ecommerce.value ?? 0,
      currency: "EUR",
      items: ecommerce.items.reduce((total, item) => total + item.quantity, 0),
    });
  }
  sdk.requestImmediateDataFlush();
}

export function createBrazeController(options: BrazeOptions): BrazeController {
  let state: BrazeState = "cookie-denied";
  let sdk: BrazeSdk | undefined;
  let identified: string | undefined;
  let customerNumber: string | undefined;
  // Each start counts up; a load that finishes after consent dropped (or another start) is not used.
  let generation = 0;
  const listeners = new Set<(state: BrazeState) => void>();

  const set = (next: BrazeState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener(state);
  };

  const teardown = () => {
    generation++;
    if (sdk) destroySdk(sdk);
    sdk = undefined;
    identified = undefined;
    // What an SDK of an earlier page (or another tab) kept in this browser goes too.
    options.clearStoredData?.();
  };

  const identify = () => {
    if (!sdk || !customerNumber || customerNumber === identified) return;
    sdk.changeUser(customerNumber);
    identified = customerNumber;
  };

  const start = async (apiKey: string) => {
    const mine = ++generation;
    set("loading");
    try {
      const loaded = await loadWithin(options.load, options.timeoutMs ?? 10_000);
      if (mine !== generation) return;
      initialise(loaded, apiKey, options.sdkEndpoint);
      sdk = loaded;
      loaded.automaticallyShowInAppMessages();
      identify();
      loaded.openSession();
      loaded.requestImmediateDataFlush();
      set("ready");
    } catch {
      if (mine === generation) set("error");
    }
  };

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    update(input) {
      customerNumber = input.customerNumber;
      if (!allows(input.consent, "marketing")) {
        teardown();
        set("cookie-denied");
        return;
      }
      if (!options.apiKey) {
        set("initial");
        return;
      }
      if (state === "ready" && identified && !customerNumber) {
        // Logged out: the next visitor of this browser is not the player who was identified.
        teardown();
        void start(options.apiKey);
      } else if (state === "ready") identify();
      else if (state === "cookie-denied" || state === "initial") void start(options.apiKey);
    },
    event(event) {
      if (state === "ready" && sdk) logEvent(sdk, event);
    },
  };
}
