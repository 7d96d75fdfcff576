import { act, renderHook } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { decodeBasketCookie, encodeBasketCookie, readBasketCookie } from "@/src/domain/tickets/basket-cookie";
import type { TicketValidator } from "@/src/domain/tickets/basket-rules";
import { basketTicketSchemas } from "@/src/domain/tickets/basket-ticket";
import { classicTicket as classic, millionGameTicket as million } from "@/tests/support/basket-tickets";

vi.mock("@/src/shop/components/flash/flash-messages", () => ({ showFlash: vi.fn() }));

type Store = typeof import("./basket-store");

const validate: TicketValidator = (candidate, kind) => {
  const parsed = basketTicketSchemas[kind].safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
};

function setCookie(value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays another tab writing the cookie
  document.cookie = `kl_basket=${value}; Path=/`;
}

function cookieTickets() {
  return decodeBasketCookie(readBasketCookie(document.cookie, false));
}

/** A fresh store module per test: its state lives in the module, as it does in a browser tab. */
async function freshStore(): Promise<Store> {
  vi.resetModules();
  return import("./basket-store");
}

async function flashSpy() {
  const { showFlash } = await import("@/src/shop/components/flash/flash-messages");
  return vi.mocked(showFlash);
}

beforeEach(async () => {
  (await flashSpy()).mockClear();
  // biome-ignore lint/suspicious/noDocumentCookie: reset between tests
  document.cookie = "kl_basket=; Max-Age=0; Path=/";
  // The funnel's events need consent for measurement (issue 20); one test takes it away.
  // biome-ignore lint/suspicious/noDocumentCookie: the visitor's choice
  document.cookie = `kl_consent=1.beperkt.${Math.floor(Date.now() / 1000)}; Path=/`;
  delete window.dataLayer;
  delete window.__PUBLIC_ENV__;
});

describe("basket store", () => {
  it("loads the cookie on first use, dropping expired tickets and generating missing ids", async () => {
    setCookie(
      encodeBasketCookie([
        classic({ basketItemId: "", quantity: 2 }),
        classic({ basketItemId: "old", drawId: 1200, expireDateTime: "2020-01-01T00:00:00.000Z" }),
        million(),
      ]),
    );
    const store = await freshStore();
    const tickets = store.basketSnapshot();
    expect(tickets.map((ticket) => ticket.drawId)).toEqual([1250, 77]);
    expect(tickets[0]?.basketItemId).toMatch(/^[0-9a-v]{8}$/);
    // The cleaned basket is written back, so the server and other tabs see the same ids.
    expect(cookieTickets().map((ticket) => ticket.basketItemId)).toEqual(tickets.map((t) => t.basketItemId));
  });

  it("shows an empty basket for a cookie of an unknown format version and leaves the cookie alone", async () => {
    setCookie("9~m.a.1.77");
    const store = await freshStore();
    expect(store.basketSnapshot()).toEqual([]);
    expect(readBasketCookie(document.cookie, false)).toBe("9~m.a.1.77");
  });

  it("adds a ticket, writes the cookie and pushes add_to_cart", async () => {
    const store = await freshStore();
    expect(store.addToBasket(classic({ basketItemId: "", quantity: 2 }))).toBe("added");
    expect(store.basketSnapshot()).toHaveLength(1);
    expect(cookieTickets()).toEqual([{ ...store.basketSnapshot()[0] }]);
    expect(window.dataLayer).toEqual([
      { ecommerce: null },
      expect.objectContaining({
        event: "add_to_cart",
        ecommerce: expect.objectContaining({ value: 35, currency: "EUR" }),
      }),
    ]);
  });

  it("pushes no event for a visitor who allows only what the shop needs (basis) or has not chosen", async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const cookie of [`kl_consent=1.basis.${now}; Path=/`, "kl_consent=; Max-Age=0; Path=/"]) {
      // biome-ignore lint/suspicious/noDocumentCookie: the visitor's choice
      document.cookie = cookie;
      const store = await freshStore();
      expect(store.addToBasket(classic({ basketItemId: "", quantity: 1 }))).toBe("added");
      expect(window.dataLayer ?? []).toEqual([]);
    }
  });

  it("keeps a dataLayer the tag manager already created", async () => {
    const existing: unknown[] = [{ event: "gtm.js" }];
    window.dataLayer = existing;
    const store = await freshStore();
    store.addToBasket(million({ basketItemId: "" }));
    expect(window.dataLayer).toBe(existing);
    expect(existing).toHaveLength(3);
  });

  it("refuses a ticket over the limit with the error flash and changes nothing", async () => {
    const store = await freshStore();
    store.addToBasket(classic({ productType: "Boulevard", productId: "KROON-Boulevard-WHOLE" }));
    window.dataLayer = [];
    const cookieBefore = document.cookie;
    expect(store.addToBasket(million({ basketItemId: "" }))).toBe("overLimit");
    expect(store.basketSnapshot()).toHaveLength(1);
    expect(document.cookie).toBe(cookieBefore);
    expect(window.dataLayer).toEqual([]);
    expect(await flashSpy()).toHaveBeenCalledWith({
      message: "Je kunt maximaal 100 loten tegelijk bestellen",
      variant: "error",
      autoHide: true,
    });
  });

  it("removes a ticket with remove_from_cart and reports unknown ids", async () => {
    setCookie(encodeBasketCookie([classic({ quantity: 3 }), million()]));
    const store = await freshStore();
    expect(store.removeFromBasket("nope")).toBe(false);
    expect(store.removeFromBasket("stl-1")).toBe(true);
    expect(store.basketSnapshot()).toEqual([million()]);
    expect(cookieTickets()).toEqual([million()]);
    expect(window.dataLayer?.[1]).toMatchObject({
      event: "remove_from_cart",
      ecommerce: { items: [{ quantity: 3 }] },
    });
  });

  it("deletes the cookie when the last ticket goes", async () => {
    setCookie(encodeBasketCookie([million()]));
    const store = await freshStore();
    store.removeFromBasket("mjs-1");
    expect(readBasketCookie(document.cookie, false)).toBeUndefined();
  });

  it("updates a ticket with events, and throws the spec's errors", async () => {
    setCookie(encodeBasketCookie([classic({ quantity: 2 })]));
    const store = await freshStore();
    expect(() => store.updateBasketTicket("nope", { quantity: 1 }, validate)).toThrow(
      new Error("Ticket not found in basket"),
    );
    expect(() => store.updateBasketTicket("stl-1", { quantity: "veel" }, validate)).toThrow(
      new Error("Not a valid ticket"),
    );
    expect(window.dataLayer).toBeUndefined();

    expect(store.updateBasketTicket("stl-1", { withXl: true }, validate)).toBe("updated");
    expect(cookieTickets()[0]).toMatchObject({ withXl: true });
    expect(window.dataLayer?.filter((entry) => (entry as { event?: string }).event)).toMatchObject([
      { event: "remove_from_cart" },
      { event: "add_to_cart" },
    ]);
  });

  it("refuses an update over the limit with the error flash", async () => {
    setCookie(encodeBasketCookie([classic({ productType: "Street", productId: "KROON-Street-WHOLE" })]));
    const store = await freshStore();
    expect(store.updateBasketTicket("stl-1", { quantity: 11 }, validate)).toBe("overLimit");
    expect(store.basketSnapshot()[0]?.quantity).toBe(1);
    expect(await flashSpy()).toHaveBeenCalledTimes(1);
  });

  it("removes an item updated to quantity 0", async () => {
    setCookie(encodeBasketCookie([classic({ quantity: 2 }), classic({ basketItemId: "b", drawId: 1251 })]));
    const store = await freshStore();
    expect(store.updateBasketTicket("stl-1", { quantity: 0 }, validate)).toBe("updated");
    expect(store.basketSnapshot().map((ticket) => ticket.basketItemId)).toEqual(["b"]);
  });

  it("clears the basket after an order without analytics events", async () => {
    setCookie(encodeBasketCookie([classic(), million()]));
    const store = await freshStore();
    store.clearBasket();
    expect(store.basketSnapshot()).toEqual([]);
    expect(readBasketCookie(document.cookie, false)).toBeUndefined();
    expect(window.dataLayer).toBeUndefined();
  });

  it("picks up a change another tab made when this tab gets focus again", async () => {
    const store = await freshStore();
    const { result, unmount } = renderHook(() => store.useBasket());
    expect(result.current.ticketCount).toBe(0);

    setCookie(encodeBasketCookie([classic({ productType: "Street", productId: "KROON-Street-WHOLE" })]));
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    expect(result.current.ticketCount).toBe(10);
    expect(result.current.remaining).toBe(90);
    unmount();
  });

  it("counts a ticket played 3x as one ticket, while the limit counts it three times (issue 43)", async () => {
    const store = await freshStore();
    const { result, unmount } = renderHook(() => store.useBasket());
    setCookie(encodeBasketCookie([classic({ multiplier: 3 })]));
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    expect(result.current.ticketCount).toBe(1);
    expect(result.current.remaining).toBe(97);
    unmount();
  });

  it("applies a change on top of what another tab wrote, not over it", async () => {
    setCookie(encodeBasketCookie([million()]));
    const store = await freshStore();
    expect(store.basketSnapshot()).toHaveLength(1);
    setCookie(encodeBasketCookie([million(), classic()]));
    store.addToBasket(million({ basketItemId: "", drawId: 78 }));
    expect(cookieTickets().map((ticket) => ticket.drawId)).toEqual([77, 1250, 78]);
  });

  it("uses the __Secure- cookie and the cookie domain from the public settings", async () => {
    window.__PUBLIC_ENV__ = {
      baseUrl: "https://www.kroonloterij.example",
      secureCookies: true,
      cookieDomain: "localhost",
      buildId: "test",
      buildPollIntervalMs: 60_000,
    };
    const store = await freshStore();
    const write = vi.spyOn(Document.prototype, "cookie", "set");
    store.addToBasket(million({ basketItemId: "" }));
    const written = write.mock.calls.map(([value]) => value);
    write.mockRestore();
    expect(written).toContainEqual(
      expect.stringMatching(
        /^__Secure-kl_basket=1~m\.[0-9a-v]{8}\.1\.77; Max-Age=2678400; Path=\/; Domain=localhost; Secure; SameSite=Lax$/,
      ),
    );
  });

  it("sets and clears the notification", async () => {
    const store = await freshStore();
    const { result, unmount } = renderHook(() => store.useBasket());
    act(() => {
      store.addToBasket(classic({ basketItemId: "" }));
    });
    expect(result.current.notification).toBe("added");
    act(() => store.dismissBasketNotification());
    expect(result.current.notification).toBe("idle");
    act(() => {
      store.removeFromBasket(store.basketSnapshot()[0]!.basketItemId);
    });
    expect(result.current.notification).toBe("removed");
    act(() => {
      store.addToBasket(classic({ basketItemId: "", quantity: 2 }));
    });
    expect(result.current.notification).toBe("added");
    act(() => {
      store.updateBasketTicket(store.basketSnapshot()[0]!.basketItemId, { quantity: 0 }, validate);
    });
    expect(result.current.notification).toBe("removed");
    unmount();
  });

  it("renders an empty basket on the server and hydrates into this tab's basket without a mismatch", async () => {
    setCookie(encodeBasketCookie([classic({ quantity: 3 })]));
    const store = await freshStore();
    function Count() {
      const { ticketCount } = store.useBasket();
      return <span>{ticketCount > 0 ? `(${ticketCount})` : ""}</span>;
    }
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Count />);
    expect(container.textContent).toBe("");
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, <Count />));
    expect(container.textContent).toBe("(3)");
    act(() => root.unmount());
    container.remove();
  });
});
