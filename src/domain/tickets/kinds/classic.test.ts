import { describe, expect, it } from "vitest";
import { classicTicket as classic } from "@/tests/support/basket-tickets";
import { classicKind } from "./classic";
import { NewStlBasketTicketSchema, type StlBasketTicket, StlBasketTicketSchema } from "./classic-schema";

const { cookie } = classicKind;

describe("classic ticket schema", () => {
  it("accepts the sample ticket and derives the fractional flag from the fraction", () => {
    expect(StlBasketTicketSchema.parse(classic())).toEqual(classic());
    const fifth = StlBasketTicketSchema.parse(classic({ fraction: "ONE_FIFTH", isFractional: false }));
    expect(fifth.isFractional).toBe(true);
  });

  it.each([
    ["an end-digit entry of three digits", { endDigits: [[1, 2, 3]] }],
    ["a digit of 10", { endDigits: [[1, 10]] }],
    [
      "more end-digit pairs than tickets",
      {
        quantity: 1,
        endDigits: [
          [1, 2],
          [3, 4],
        ],
      },
    ],
    ["an unknown product type", { productType: "Avenue" }],
    ["a multiplier of 6", { multiplier: 6 }],
    ["a closing time without offset", { expireDateTime: "2099-12-10T16:00:00" }],
    ["quantity 0", { quantity: 0 }],
    ["an empty id", { basketItemId: "" }],
  ])("refuses %s", (_, overrides) => {
    expect(StlBasketTicketSchema.safeParse({ ...classic(), ...overrides }).success).toBe(false);
  });

  it("lets a new ticket come without an id, which then is empty", () => {
    const { basketItemId: _, ...withoutId } = classic();
    expect(NewStlBasketTicketSchema.parse(withoutId).basketItemId).toBe("");
  });
});

describe("classic ticket merge rule", () => {
  it("matches the same product, XL option, draw, multiplier and upsell flag, whatever else differs", () => {
    const other = classic({ basketItemId: "other", quantity: 4, endDigits: [[1, 2]], firstDrawId: 1249 });
    expect(classicKind.matches(classic(), other)).toBe(true);
  });

  it.each([
    ["product id", { productId: "KROON-SingleTicket-HALF" }],
    ["product type", { productType: "Street" as const }],
    ["XL option", { withXl: true }],
    ["draw", { drawId: 1251 }],
    ["multiplier", { multiplier: 2 }],
    ["upsell flag", { isUpsell: true }],
  ])("keeps tickets with another %s apart", (_, overrides) => {
    expect(classicKind.matches(classic(), classic(overrides))).toBe(false);
  });

  it("adds the quantities and appends the end digits, keeping the existing item's id and prices", () => {
    const merged = classicKind.merge(
      classic({ quantity: 2, endDigits: [[1, 2]] }),
      classic({ basketItemId: "", quantity: 1, endDigits: [[-1, 5]], pricePerTicketInCents: 1 }),
    );
    expect(merged).toEqual(
      classic({
        quantity: 3,
        endDigits: [
          [1, 2],
          [-1, 5],
        ],
      }),
    );
  });
});

describe("classic ticket units and price", () => {
  it.each([
    ["SingleTicket", 1],
    ["Street", 10],
    ["Boulevard", 100],
  ] as const)("counts a %s as %i units per ticket, times quantity and multiplier", (productType, units) => {
    expect(classicKind.units(classic({ productType }))).toBe(units);
    expect(classicKind.units(classic({ productType, quantity: 2, multiplier: 3 }))).toBe(units * 6);
  });

  it("prices the line with the multiplier, and the XL price when XL is chosen and priced", () => {
    expect(classicKind.lineTotal(classic({ quantity: 2, multiplier: 3 }))).toBe(2 * 3 * 1750);
    expect(classicKind.lineTotal(classic({ withXl: true }))).toBe(2000);
    expect(classicKind.lineTotal(classic({ withXl: true, pricePerTicketWithAddOnInCents: undefined }))).toBe(
      1750,
    );
  });

  it("closes at its closing time", () => {
    const ticket = classic({ expireDateTime: "2026-12-10T17:00:00+01:00" });
    expect(classicKind.saleClosed(ticket, new Date("2026-12-10T15:59:59Z"))).toBe(false);
    expect(classicKind.saleClosed(ticket, new Date("2026-12-10T16:00:00Z"))).toBe(true);
  });
});

describe("classic ticket updates", () => {
  it("drops end digits beyond a lower quantity", () => {
    const candidate = {
      ...classic({
        endDigits: [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
      }),
      quantity: 2,
    };
    expect(classicKind.fitUpdate(candidate).endDigits).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it("reports a changed XL option as a new line, a changed quantity not", () => {
    expect(classicKind.replacesLine(classic(), classic({ withXl: true }))).toBe(true);
    expect(classicKind.replacesLine(classic(), classic({ quantity: 5 }))).toBe(false);
  });
});

describe("classic ticket analytics item", () => {
  it("names the product and fraction, and prices one ticket with multiplier and XL in euros", () => {
    const street = classic({
      productId: "KROON-Street-ONE_FIFTH",
      productType: "Street",
      fraction: "ONE_FIFTH",
      pricePerTicketInCents: 3500,
      pricePerTicketWithAddOnInCents: 4000,
      withXl: true,
      multiplier: 3,
      firstDrawId: 1249,
    });
    expect(classicKind.analyticsItem(street, 2)).toEqual({
      item_id: "KROON-Street-ONE_FIFTH",
      item_name: "Straat (10 loten)",
      item_category: "Street",
      item_variant: "ONE_FIFTH",
      price: 120,
      quantity: 2,
      firstDrawId: 1249,
      withXl: true,
    });
  });
});

describe("classic ticket in the cookie", () => {
  const ticket: StlBasketTicket = classic({
    basketItemId: "k3j9x2ab",
    quantity: 3,
    withXl: true,
    endDigits: [
      [1, 2],
      [-1, 5],
    ],
  });

  it("round-trips", () => {
    expect(cookie.decode(cookie.encode(ticket).map(String))).toEqual(ticket);
  });

  it("leaves out a product id and first draw that follow from the other fields", () => {
    expect(cookie.encode(ticket)).toEqual([
      "k3j9x2ab",
      3,
      "",
      1250,
      0,
      1,
      "1",
      4100601600,
      "0",
      "12x5",
      1750,
      2000,
      0,
      "",
    ]);
  });

  it("round-trips its own product id, another first draw and a missing XL price", () => {
    const partner = classic({
      productId: "partner.product_1",
      firstDrawId: 1249,
      pricePerTicketWithAddOnInCents: undefined,
    });
    const { pricePerTicketWithAddOnInCents: _, ...expected } = partner;
    expect(cookie.decode(cookie.encode(partner).map(String))).toEqual(expected);
  });

  it("refuses a wrong number of fields", () => {
    const fields = cookie.encode(ticket).map(String);
    expect(cookie.decode(fields.slice(1))).toBeUndefined();
    expect(cookie.decode([...fields, ""])).toBeUndefined();
  });
});
