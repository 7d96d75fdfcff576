import { describe, expect, it } from "vitest";
import { millionGameTicket as million } from "@/tests/support/basket-tickets";
import { millionGameKind } from "./million-game";
import { MjsBasketTicketSchema, NewMjsBasketTicketSchema } from "./million-game-schema";

const { cookie } = millionGameKind;

describe("million-game ticket schema", () => {
  it("accepts a draw and a quantity", () => {
    expect(MjsBasketTicketSchema.parse(million())).toEqual(million());
  });

  it.each([
    ["quantity 0", { quantity: 0 }],
    ["quantity 101", { quantity: 101 }],
    ["draw 0", { drawId: 0 }],
    ["an id over 64 characters", { basketItemId: "a".repeat(65) }],
  ])("refuses %s", (_, overrides) => {
    expect(MjsBasketTicketSchema.safeParse({ ...million(), ...overrides }).success).toBe(false);
  });

  it("lets a new ticket come without an id, which then is empty", () => {
    expect(NewMjsBasketTicketSchema.parse({ _type: "MjsBasketTicket", quantity: 2, drawId: 77 })).toEqual(
      million({ basketItemId: "", quantity: 2 }),
    );
  });
});

describe("million-game ticket merge rule", () => {
  it("matches on the draw alone and adds the quantities", () => {
    const incoming = million({ basketItemId: "", quantity: 3 });
    expect(millionGameKind.matches(million(), incoming)).toBe(true);
    expect(millionGameKind.matches(million(), million({ drawId: 78 }))).toBe(false);
    expect(millionGameKind.merge(million({ quantity: 2 }), incoming)).toEqual(million({ quantity: 5 }));
  });
});

describe("million-game ticket units and price", () => {
  it("counts one unit and one euro per ticket, and never closes in the basket", () => {
    expect(millionGameKind.units(million({ quantity: 4 }))).toBe(4);
    expect(millionGameKind.lineTotal(million({ quantity: 4 }))).toBe(400);
    expect(millionGameKind.saleClosed(million(), new Date("2100-01-01"))).toBe(false);
  });

  it("reports a change as a change in quantity only", () => {
    expect(millionGameKind.replacesLine(million(), million({ quantity: 2 }))).toBe(false);
  });
});

describe("million-game ticket analytics item", () => {
  it("has fixed product values and the draw as first draw", () => {
    expect(millionGameKind.analyticsItem(million({ quantity: 3 }), 2)).toEqual({
      item_id: "MJS",
      item_name: "Miljoenenspel",
      item_category: "MillionGame",
      item_variant: "WHOLE",
      price: 1,
      quantity: 2,
      firstDrawId: 77,
      withXl: false,
    });
  });
});

describe("million-game ticket in the cookie", () => {
  it("round-trips as id, quantity and draw", () => {
    const ticket = million({ basketItemId: "id met spatie", quantity: 2 });
    expect(cookie.encode(ticket)).toEqual(["id_20met_20spatie", 2, 77]);
    expect(cookie.decode(cookie.encode(ticket).map(String))).toEqual(ticket);
  });

  it("refuses a wrong number of fields or a field out of range", () => {
    expect(cookie.decode(["a", "1"])).toBeUndefined();
    expect(cookie.decode(["a", "1", "77", "1"])).toBeUndefined();
    expect(cookie.decode(["a", "101", "77"])).toBeUndefined();
    expect(cookie.decode(["a", "1", "1000000"])).toBeUndefined();
  });
});
