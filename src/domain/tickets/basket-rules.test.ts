import { describe, expect, it } from "vitest";
import { classicTicket, millionGameTicket as million } from "@/tests/support/basket-tickets";
import { totalUnits } from "./basket-math";
import {
  addTicket,
  cartEvent,
  type IdGenerator,
  loadBasket,
  randomBasketItemId,
  removeTicket,
  type TicketValidator,
  updateEvents,
  updateTicket,
} from "./basket-rules";
import {
  type BasketTicket,
  basketTicketSchemas,
  type StlBasketTicket,
  StlBasketTicketSchema,
} from "./basket-ticket";

/** The sample ticket, its sale closing at 16:00 UTC on 10 December 2026 (`loadBasket` tests use that day). */
const classic = (overrides: Partial<StlBasketTicket> = {}) =>
  classicTicket({ expireDateTime: "2026-12-10T17:00:00+01:00", ...overrides });

/** Deterministic ids: new-1, new-2, ... */
function sequence(prefix = "new"): IdGenerator {
  let count = 0;
  return () => `${prefix}-${++count}`;
}

/** The production validation: the zod schema of the ticket's own kind. */
const validate: TicketValidator = (candidate, kind) => {
  const parsed = basketTicketSchemas[kind].safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
};

describe("addTicket", () => {
  it("appends a non-matching ticket and generates an id when it has none", () => {
    const result = addTicket([classic()], classic({ basketItemId: "", drawId: 1251 }), sequence());
    expect(result.status).toBe("added");
    if (result.status !== "added") return;
    expect(result.tickets).toHaveLength(2);
    expect(result.tickets[1]).toMatchObject({ basketItemId: "new-1", drawId: 1251 });
    expect(result.basketItemId).toBe("new-1");
  });

  it("keeps the id a new ticket brings, unless another item already uses it", () => {
    const kept = addTicket([], classic({ basketItemId: "mine" }), sequence());
    expect(kept.status === "added" && kept.tickets[0]?.basketItemId).toBe("mine");

    const clash = addTicket(
      [classic({ basketItemId: "mine" })],
      million({ basketItemId: "mine" }),
      sequence(),
    );
    expect(clash.status === "added" && clash.tickets.map((t) => t.basketItemId)).toEqual(["mine", "new-1"]);
  });

  it("merges a matching classic ticket: quantities summed, end digits appended, id kept", () => {
    const existing = classic({ quantity: 2, endDigits: [[1, 2]] });
    const incoming = classic({
      basketItemId: "",
      quantity: 3,
      endDigits: [
        [-1, 5],
        [3, 4],
      ],
    });
    const result = addTicket([existing], incoming, sequence());
    expect(result.status).toBe("added");
    if (result.status !== "added") return;
    expect(result.tickets).toHaveLength(1);
    expect(result.tickets[0]).toMatchObject({
      basketItemId: "stl-1",
      quantity: 5,
      endDigits: [
        [1, 2],
        [-1, 5],
        [3, 4],
      ],
    });
    expect(result.basketItemId).toBe("stl-1");
  });

  it.each([
    ["product", { productId: "KROON-SingleTicket-ONE_FIFTH", fraction: "ONE_FIFTH" as const }],
    [
      "product type",
      { productType: "Street" as const, productId: "KROON-SingleTicket-WHOLE", pricePerTicketInCents: 17500 },
    ],
    ["XL option", { withXl: true }],
    ["draw", { drawId: 1251, firstDrawId: 1251 }],
    ["multiplier", { multiplier: 2 }],
    ["upsell flag", { isUpsell: true }],
  ])("does not merge classic tickets with a different %s", (_, difference) => {
    const result = addTicket([classic()], classic({ basketItemId: "", ...difference }), sequence());
    expect(result.status === "added" && result.tickets).toHaveLength(2);
  });

  it("merges million-game tickets of the same draw and keeps other draws apart", () => {
    const merged = addTicket(
      [million({ quantity: 2 })],
      million({ basketItemId: "", quantity: 3 }),
      sequence(),
    );
    expect(merged.status === "added" && merged.tickets).toEqual([million({ quantity: 5 })]);

    const apart = addTicket([million()], million({ basketItemId: "", drawId: 78 }), sequence());
    expect(apart.status === "added" && apart.tickets).toHaveLength(2);
  });

  it("never merges a million-game ticket into a classic one", () => {
    const result = addTicket([classic({ drawId: 77 })], million({ basketItemId: "" }), sequence());
    expect(result.status === "added" && result.tickets).toHaveLength(2);
  });

  it("accepts a basket of exactly 100 units", () => {
    const street = classic({ productType: "Street", quantity: 9 }); // 90 units
    const result = addTicket([street], million({ basketItemId: "", quantity: 10 }), sequence());
    expect(result.status).toBe("added");
    expect(result.status === "added" && totalUnits(result.tickets)).toBe(100);
  });

  it("refuses a ticket that takes the basket over 100 units and leaves the basket unchanged", () => {
    const basket = [classic({ productType: "Street", quantity: 9 })]; // 90 units
    const result = addTicket(basket, million({ basketItemId: "", quantity: 11 }), sequence());
    expect(result).toEqual({ status: "overLimit", tickets: basket });
    expect(result.tickets).toBe(basket);
  });

  it("counts units with the product size and the multiplier (spec section 9)", () => {
    // 2 streets x multiplier 5 = 100 units; one more single ticket is too much.
    const basket = [classic({ productType: "Street", quantity: 2, multiplier: 5 })];
    expect(addTicket(basket, classic({ basketItemId: "", drawId: 1251 }), sequence()).status).toBe(
      "overLimit",
    );
    expect(addTicket([], classic({ productType: "Boulevard" }), sequence()).status).toBe("added");
  });

  it("refuses a merge that takes the basket over the limit", () => {
    const basket = [classic({ quantity: 60 })];
    expect(addTicket(basket, classic({ basketItemId: "", quantity: 41 }), sequence()).status).toBe(
      "overLimit",
    );
  });

  it("emits add_to_cart for the ticket that was added, not for the merged line", () => {
    const result = addTicket(
      [classic({ quantity: 4 })],
      classic({ basketItemId: "", quantity: 2 }),
      sequence(),
    );
    expect(result.status === "added" && result.events).toEqual([
      {
        event: "add_to_cart",
        ecommerce: {
          currency: "EUR",
          value: 35,
          firstDrawId: 1250,
          items: [
            {
              item_id: "KROON-SingleTicket-WHOLE",
              item_name: "Los lot",
              item_category: "SingleTicket",
              item_variant: "WHOLE",
              price: 17.5,
              quantity: 2,
              firstDrawId: 1250,
              withXl: false,
            },
          ],
        },
      },
    ]);
  });
});

describe("removeTicket", () => {
  it("removes the item and emits remove_from_cart for its whole quantity", () => {
    const result = removeTicket([classic({ quantity: 3 }), million()], "stl-1");
    expect(result.status).toBe("removed");
    if (result.status !== "removed") return;
    expect(result.tickets).toEqual([million()]);
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({
      event: "remove_from_cart",
      ecommerce: { value: 52.5, items: [{ quantity: 3, price: 17.5 }] },
    });
  });

  it("reports an unknown id and changes nothing", () => {
    const basket = [classic()];
    expect(removeTicket(basket, "nope")).toEqual({ status: "ticketNotFound", tickets: basket });
  });
});

describe("updateTicket", () => {
  it("answers ticketNotFound for an unknown id before looking at the data", () => {
    const basket = [classic()];
    expect(updateTicket(basket, "nope", "not even an object", validate)).toEqual({
      status: "ticketNotFound",
      tickets: basket,
    });
  });

  it.each([
    ["a string", "3"],
    ["null", null],
    ["an array", [1]],
    ["a quantity that is not a number", { quantity: "3" }],
    ["a quantity above 100", { quantity: 101 }],
    ["a negative quantity", { quantity: -1 }],
    ["a fractional quantity", { quantity: 1.5 }],
    ["an unknown product type", { productType: "Avenue" }],
    ["a multiplier of 6", { multiplier: 6 }],
    ["an end-digit pair of three items", { endDigits: [[1, 2, 3]] }],
    ["an end digit of 10", { endDigits: [[1, 10]] }],
    ["a date that is not ISO", { expireDateTime: "morgen" }],
    ["another ticket kind", { _type: "MjsBasketTicket" }],
  ])("answers notAValidTicket for %s", (_, data) => {
    const basket = [classic({ quantity: 2 })];
    expect(updateTicket(basket, "stl-1", data, validate)).toEqual({
      status: "notAValidTicket",
      tickets: basket,
    });
  });

  it("validates a million-game ticket with its own schema", () => {
    const basket = [million()];
    expect(updateTicket(basket, "mjs-1", { quantity: 0.5 }, validate).status).toBe("notAValidTicket");
    expect(updateTicket(basket, "mjs-1", { _type: "StlBasketTicket" }, validate).status).toBe(
      "notAValidTicket",
    );
    expect(updateTicket(basket, "mjs-1", { quantity: 4 }, validate).status).toBe("updated");
  });

  it("lays the patch over the ticket and keeps the fields it does not name", () => {
    const result = updateTicket([classic(), million()], "stl-1", { quantity: 4, multiplier: 2 }, validate);
    expect(result.status).toBe("updated");
    if (result.status !== "updated") return;
    expect(result.tickets[0]).toEqual(classic({ quantity: 4, multiplier: 2 }));
    expect(result.tickets[1]).toEqual(million());
  });

  it("keeps the item id whatever the patch says", () => {
    const result = updateTicket([classic()], "stl-1", { basketItemId: "other", quantity: 2 }, validate);
    expect(result.status === "updated" && result.tickets[0]?.basketItemId).toBe("stl-1");
  });

  it("derives the fractional flag again when the fraction changes", () => {
    const result = updateTicket(
      [classic()],
      "stl-1",
      { fraction: "ONE_FIFTH", productId: "KROON-SingleTicket-ONE_FIFTH", isFractional: false },
      validate,
    );
    expect(result.status === "updated" && result.tickets[0]).toMatchObject({ isFractional: true });
  });

  it("trims end digits beyond the new quantity", () => {
    const ticket = classic({
      quantity: 3,
      endDigits: [
        [1, 1],
        [2, 2],
        [3, 3],
      ],
    });
    const result = updateTicket([ticket], "stl-1", { quantity: 2 }, validate);
    expect(result.status === "updated" && result.tickets[0]).toMatchObject({
      quantity: 2,
      endDigits: [
        [1, 1],
        [2, 2],
      ],
    });
  });

  it("trims end digits sent with the patch as well", () => {
    const result = updateTicket(
      [classic({ quantity: 2 })],
      "stl-1",
      {
        endDigits: [
          [1, 1],
          [2, 2],
          [3, 3],
        ],
      },
      validate,
    );
    expect(result.status === "updated" && result.tickets[0]).toMatchObject({
      endDigits: [
        [1, 1],
        [2, 2],
      ],
    });
  });

  it("removes the item on quantity 0 and emits remove_from_cart for the whole old quantity", () => {
    const result = updateTicket(
      [classic({ quantity: 3, withXl: true }), million()],
      "stl-1",
      { quantity: 0 },
      validate,
    );
    expect(result.status).toBe("removed");
    if (result.status !== "removed") return;
    expect(result.tickets).toEqual([million()]);
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({
      event: "remove_from_cart",
      ecommerce: { value: 60, items: [{ quantity: 3, price: 20, withXl: true }] },
    });
  });

  it("removes a million-game item on quantity 0", () => {
    const result = updateTicket([million({ quantity: 2 })], "mjs-1", { quantity: 0 }, validate);
    expect(result.status === "removed" && result.tickets).toEqual([]);
    expect(result.status === "removed" && result.events[0]?.ecommerce.items[0]?.quantity).toBe(2);
  });

  it("refuses an update that takes the basket over 100 units, without events", () => {
    const basket = [classic({ productType: "Street", quantity: 5 }), million({ quantity: 50 })];
    expect(updateTicket(basket, "stl-1", { quantity: 6 }, validate)).toEqual({
      status: "overLimit",
      tickets: basket,
    });
    expect(updateTicket(basket, "stl-1", { multiplier: 2 }, validate).status).toBe("overLimit");
    expect(updateTicket(basket, "mjs-1", { quantity: 50 }, validate).status).toBe("updated");
  });

  it("emits add_to_cart for the difference when a classic quantity goes up", () => {
    const result = updateTicket(
      [classic({ quantity: 2, multiplier: 2 })],
      "stl-1",
      { quantity: 5 },
      validate,
    );
    expect(result.status === "updated" && result.events).toEqual([
      cartEvent("add_to_cart", classic({ quantity: 5, multiplier: 2 }), 3),
    ]);
    expect(result.status === "updated" && result.events[0]?.ecommerce).toMatchObject({
      value: 105,
      items: [{ price: 35, quantity: 3 }],
    });
  });

  it("emits remove_from_cart for the difference when a classic quantity goes down", () => {
    const result = updateTicket([classic({ quantity: 5 })], "stl-1", { quantity: 1 }, validate);
    expect(result.status === "updated" && result.events).toHaveLength(1);
    expect(result.status === "updated" && result.events[0]).toMatchObject({
      event: "remove_from_cart",
      ecommerce: { value: 70, items: [{ quantity: 4, price: 17.5 }] },
    });
  });

  it("emits no events when neither the quantity nor the XL option changes", () => {
    const result = updateTicket([classic()], "stl-1", { pricePerTicketInCents: 1800 }, validate);
    expect(result.status === "updated" && result.events).toEqual([]);
  });

  it("on a changed XL option, removes the old state then adds the new one", () => {
    const result = updateTicket([classic({ quantity: 2 })], "stl-1", { withXl: true, quantity: 3 }, validate);
    expect(result.status).toBe("updated");
    if (result.status !== "updated") return;
    expect(result.events.map((event) => event.event)).toEqual(["remove_from_cart", "add_to_cart"]);
    expect(result.events[0]?.ecommerce).toMatchObject({
      value: 35,
      items: [{ quantity: 2, price: 17.5, withXl: false }],
    });
    expect(result.events[1]?.ecommerce).toMatchObject({
      value: 60,
      items: [{ quantity: 3, price: 20, withXl: true }],
    });
  });

  it("emits quantity events for million-game tickets", () => {
    const up = updateTicket([million({ quantity: 2 })], "mjs-1", { quantity: 5 }, validate);
    expect(up.status === "updated" && up.events).toEqual([
      cartEvent("add_to_cart", million({ quantity: 5 }), 3),
    ]);
    const down = updateTicket([million({ quantity: 5 })], "mjs-1", { quantity: 1 }, validate);
    expect(down.status === "updated" && down.events).toEqual([
      cartEvent("remove_from_cart", million({ quantity: 5 }), 4),
    ]);
  });
});

describe("updateEvents", () => {
  it("ignores an XL flag on million-game tickets", () => {
    expect(updateEvents(million(), million())).toEqual([]);
  });
});

describe("loadBasket", () => {
  const now = new Date("2026-12-10T15:00:00Z");

  it("drops classic tickets whose sale has closed, including one closing right now", () => {
    const open = classic({ basketItemId: "open", expireDateTime: "2026-12-10T15:00:01Z" });
    const closing = classic({ basketItemId: "closing", expireDateTime: "2026-12-10T16:00:00+01:00" });
    const closed = classic({ basketItemId: "closed", expireDateTime: "2026-12-01T00:00:00Z" });
    expect(loadBasket([open, closing, closed, million()], now, sequence())).toEqual([open, million()]);
  });

  it("keeps million-game tickets, which carry no closing time", () => {
    expect(loadBasket([million()], now, sequence())).toEqual([million()]);
  });

  it("generates missing ids and replaces duplicates", () => {
    const result = loadBasket(
      [
        classic({ basketItemId: "" }),
        million({ basketItemId: "a" }),
        million({ basketItemId: "a", drawId: 78 }),
      ],
      now,
      sequence(),
    );
    expect(result.map((ticket) => ticket.basketItemId)).toEqual(["new-1", "a", "new-2"]);
  });

  it("never hands out an id the basket already uses", () => {
    const ids = ["a", "a", "b"];
    const result = loadBasket(
      [million({ basketItemId: "a" }), million({ basketItemId: "", drawId: 78 })],
      now,
      () => ids.shift()!,
    );
    expect(result.map((ticket) => ticket.basketItemId)).toEqual(["a", "b"]);
  });
});

describe("cartEvent", () => {
  it("describes a million-game ticket with fixed analytics values", () => {
    expect(cartEvent("add_to_cart", million({ quantity: 3 }))).toEqual({
      event: "add_to_cart",
      ecommerce: {
        currency: "EUR",
        value: 3,
        firstDrawId: 77,
        items: [
          {
            item_id: "MJS",
            item_name: "Miljoenenspel",
            item_category: "MillionGame",
            item_variant: "WHOLE",
            price: 1,
            quantity: 3,
            firstDrawId: 77,
            withXl: false,
          },
        ],
      },
    });
  });

  it("prices a classic ticket with its multiplier and the XL add-on when chosen", () => {
    const street = classic({
      productId: "KROON-Street-ONE_FIFTH",
      productType: "Street",
      fraction: "ONE_FIFTH",
      isFractional: true,
      pricePerTicketInCents: 3500,
      pricePerTicketWithAddOnInCents: 4000,
      withXl: true,
      multiplier: 3,
      quantity: 3,
      firstDrawId: 1249,
    });
    expect(cartEvent("add_to_cart", street).ecommerce).toEqual({
      currency: "EUR",
      value: 360,
      firstDrawId: 1249,
      items: [
        {
          item_id: "KROON-Street-ONE_FIFTH",
          item_name: "Straat (10 loten)",
          item_category: "Street",
          item_variant: "ONE_FIFTH",
          price: 120,
          quantity: 3,
          firstDrawId: 1249,
          withXl: true,
        },
      ],
    });
  });

  it("falls back to the price without add-on when an XL price is missing", () => {
    const ticket = classic({ withXl: true, pricePerTicketWithAddOnInCents: undefined });
    expect(cartEvent("add_to_cart", ticket).ecommerce.items[0].price).toBe(17.5);
  });

  it("keeps values to whole cents", () => {
    const ticket = classic({ pricePerTicketInCents: 333, quantity: 3 });
    expect(cartEvent("add_to_cart", ticket).ecommerce.value).toBe(9.99);
  });
});

describe("randomBasketItemId", () => {
  it("makes short, cookie-safe and distinct ids", () => {
    const ids = new Set(Array.from({ length: 1000 }, randomBasketItemId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-v]{8}$/);
  });
});

describe("merging and validity", () => {
  it("leaves a valid ticket after a merge", () => {
    const tickets: BasketTicket[] = [classic({ pricePerTicketWithAddOnInCents: undefined })];
    const result = addTicket(tickets, classic({ basketItemId: "" }), sequence());
    expect(result.status === "added" && StlBasketTicketSchema.safeParse(result.tickets[0]).success).toBe(
      true,
    );
  });
});
