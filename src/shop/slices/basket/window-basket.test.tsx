import { beforeEach, describe, expect, it, vi } from "vitest";
import { decodeBasketCookie, encodeBasketCookie, readBasketCookie } from "@/src/domain/tickets/basket-cookie";

vi.mock("@/src/shop/components/flash/flash-messages", () => ({ showFlash: vi.fn() }));

const FUTURE = "2099-12-10T16:00:00.000Z";

/** A ticket as a page script would hand it over: no id, plain JSON. */
const newClassic = {
  _type: "StlBasketTicket",
  quantity: 2,
  productId: "KROON-Street-WHOLE",
  drawId: 1250,
  productType: "Street",
  multiplier: 1,
  withXl: false,
  expireDateTime: FUTURE,
  isUpsell: false,
  endDigits: [[-1, 7]],
  pricePerTicketInCents: 17500,
  pricePerTicketWithAddOnInCents: 20000,
  fraction: "WHOLE",
  firstDrawId: 1250,
};

/** A fresh store and facade per test, as in a freshly loaded tab. */
async function freshBasket() {
  vi.resetModules();
  const { installWindowBasket } = await import("./window-basket");
  return installWindowBasket();
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: reset between tests
  document.cookie = "kl_basket=; Max-Age=0; Path=/";
  delete window.basket;
  delete window.dataLayer;
});

describe("window.basket", () => {
  it("is installed on window once, and announced once", async () => {
    const announced = vi.fn();
    window.addEventListener("kl:basket-ready", announced);
    const basket = await freshBasket();
    expect(window.basket).toBe(basket);
    expect(announced).toHaveBeenCalledTimes(1);
    const { installWindowBasket } = await import("./window-basket");
    expect(installWindowBasket()).toBe(basket);
    expect(announced).toHaveBeenCalledTimes(1);
    window.removeEventListener("kl:basket-ready", announced);
  });

  it("adds a valid ticket, generates its id and derives the fractional flag", async () => {
    const basket = await freshBasket();
    expect(basket.addTicket({ ...newClassic, isFractional: true })).toBe(true);
    const [ticket] = basket.getAllTickets();
    expect(ticket).toMatchObject({ productType: "Street", quantity: 2, isFractional: false });
    expect(ticket?.basketItemId).toMatch(/^[0-9a-v]{8}$/);
    expect(basket.getTicketQuantity()).toBe(20);
    expect(basket.getRemainingTicketSpace()).toBe(80);
  });

  it("adds a million-game ticket with or without an id", async () => {
    const basket = await freshBasket();
    expect(basket.addTicket({ _type: "MjsBasketTicket", quantity: 1, drawId: 77 })).toBe(true);
    expect(basket.addTicket({ _type: "MjsBasketTicket", basketItemId: "own", quantity: 1, drawId: 78 })).toBe(
      true,
    );
    expect(basket.getMillionGameTickets().map((ticket) => ticket.basketItemId)).toEqual([
      expect.stringMatching(/^[0-9a-v]{8}$/),
      "own",
    ]);
  });

  it.each([
    ["nothing", undefined],
    ["a string", "lot"],
    ["an unknown kind", { ...newClassic, _type: "Lot" }],
    ["an end-digit pair of one digit", { ...newClassic, endDigits: [[7]] }],
    ["a quantity of 0", { ...newClassic, quantity: 0 }],
    [
      "more end digits than tickets",
      {
        ...newClassic,
        quantity: 1,
        endDigits: [
          [1, 2],
          [3, 4],
        ],
      },
    ],
    ["a price as a string", { ...newClassic, pricePerTicketInCents: "17500" }],
  ])("throws 'Not a valid ticket' for %s and changes nothing", async (_, ticket) => {
    const basket = await freshBasket();
    expect(() => basket.addTicket(ticket)).toThrow(new Error("Not a valid ticket"));
    expect(basket.getAllTickets()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });

  it("answers false over the limit and leaves the basket as it was", async () => {
    const basket = await freshBasket();
    basket.addTicket({ ...newClassic, quantity: 10, endDigits: [] });
    expect(basket.addTicket({ _type: "MjsBasketTicket", quantity: 1, drawId: 77 })).toBe(false);
    expect(basket.getTicketQuantity()).toBe(100);
    expect(basket.getRemainingTicketSpace()).toBe(0);
  });

  it("splits classic and million-game tickets", async () => {
    const basket = await freshBasket();
    basket.addTicket(newClassic);
    basket.addTicket({ _type: "MjsBasketTicket", quantity: 3, drawId: 77 });
    expect(basket.getClassicTickets().map((ticket) => ticket._type)).toEqual(["StlBasketTicket"]);
    expect(basket.getMillionGameTickets().map((ticket) => ticket.quantity)).toEqual([3]);
    expect(basket.getTicketQuantity()).toBe(23);
  });

  it("hands out copies, so a script cannot change the basket directly", async () => {
    const basket = await freshBasket();
    basket.addTicket(newClassic);
    const [ticket] = basket.getClassicTickets();
    ticket!.quantity = 99;
    ticket!.endDigits.push([1, 1]);
    expect(basket.getClassicTickets()[0]).toMatchObject({ quantity: 2, endDigits: [[-1, 7]] });
  });

  it("removes a ticket by id", async () => {
    const basket = await freshBasket();
    basket.addTicket(newClassic);
    const id = basket.getAllTickets()[0]!.basketItemId;
    expect(basket.removeTicket("nope")).toBe(false);
    expect(basket.removeTicket(id)).toBe(true);
    expect(basket.getAllTickets()).toEqual([]);
  });

  it("updates a ticket, checking first that it exists, then that the result is a ticket", async () => {
    const basket = await freshBasket();
    basket.addTicket(newClassic);
    const id = basket.getAllTickets()[0]!.basketItemId;
    expect(() => basket.updateTicket("nope", { quantity: "x" })).toThrow(
      new Error("Ticket not found in basket"),
    );
    expect(() => basket.updateTicket(id, { productType: "Avenue" })).toThrow(new Error("Not a valid ticket"));
    expect(basket.updateTicket(id, { quantity: 5 })).toBe(true);
    expect(basket.getTicketQuantity()).toBe(50);
    expect(basket.updateTicket(id, { quantity: 11 })).toBe(false);
    expect(basket.getTicketQuantity()).toBe(50);
    expect(basket.updateTicket(id, { quantity: 0 })).toBe(true);
    expect(basket.getAllTickets()).toEqual([]);
  });

  it("works on the same basket as the store and the cookie", async () => {
    const basket = await freshBasket();
    const store = await import("./basket-store");
    store.addToBasket({ _type: "MjsBasketTicket", basketItemId: "", quantity: 2, drawId: 77 });
    expect(basket.getTicketQuantity()).toBe(2);
    basket.addTicket({ _type: "MjsBasketTicket", quantity: 1, drawId: 77 });
    expect(store.basketSnapshot()[0]?.quantity).toBe(3);
    expect(decodeBasketCookie(readBasketCookie(document.cookie, false))[0]?.quantity).toBe(3);
  });

  it("reads a basket another tab left in the cookie", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays another tab writing the cookie
    document.cookie = `kl_basket=${encodeBasketCookie([
      { _type: "MjsBasketTicket", basketItemId: "x", quantity: 4, drawId: 77 },
    ])}; Path=/`;
    const basket = await freshBasket();
    expect(basket.getTicketQuantity()).toBe(4);
  });
});
