import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BasketTicket,
  BasketTicketSchema,
  type MjsBasketTicket,
  type StlBasketTicket,
} from "@/src/domain/tickets/basket-ticket";
import { classicTicket, millionGameTicket } from "@/tests/support/basket-tickets";
import {
  BASKET_COOKIE_MAX_AGE_SECONDS,
  basketCookieAttributes,
  basketCookieName,
  decodeBasketCookie,
  encodeBasketCookie,
  expiredBasketCookie,
  readBasketCookie,
} from "./basket-cookie";

/** The sample ticket with every field the cookie encodes set to something other than its default. */
const classic = (overrides: Partial<StlBasketTicket> = {}) =>
  classicTicket({
    basketItemId: "k3j9x2ab",
    quantity: 2,
    withXl: true,
    expireDateTime: "2026-12-10T16:00:00.000Z",
    endDigits: [
      [1, 2],
      [-1, 5],
    ],
    ...overrides,
  });
const million = (overrides: Partial<MjsBasketTicket> = {}) =>
  millionGameTicket({ basketItemId: "m0001", quantity: 3, ...overrides });

const URI_UNRESERVED = /^[A-Za-z0-9._~-]*$/;

describe("encodeBasketCookie and decodeBasketCookie", () => {
  it("round-trip classic and million-game tickets", () => {
    const tickets = [classic(), million()];
    expect(decodeBasketCookie(encodeBasketCookie(tickets))).toEqual(tickets);
  });

  it("round-trip a ticket without XL price, with its own product id and another first draw", () => {
    const ticket = classic({
      pricePerTicketWithAddOnInCents: undefined,
      productId: "partner.product_1 (test)",
      firstDrawId: 1249,
      productType: "Boulevard",
      fraction: "ONE_FIFTH",
      isFractional: true,
      multiplier: 5,
      isUpsell: true,
      withXl: false,
      endDigits: [],
    });
    const [decoded] = decodeBasketCookie(encodeBasketCookie([ticket]));
    const { pricePerTicketWithAddOnInCents: _, ...expected } = ticket;
    expect(decoded).toEqual(expected);
    expect(decoded).not.toHaveProperty("pricePerTicketWithAddOnInCents");
  });

  it("keep the closing time as the same instant, in UTC", () => {
    const [decoded] = decodeBasketCookie(
      encodeBasketCookie([classic({ expireDateTime: "2026-12-10T17:00:00+01:00" })]),
    );
    expect(decoded?._type === "StlBasketTicket" && decoded.expireDateTime).toBe("2026-12-10T16:00:00.000Z");
  });

  it("produce only URI-unreserved characters, so no cookie library re-encodes the value", () => {
    const value = encodeBasketCookie([
      classic({ basketItemId: "id with spaces; commas, and ünïcode~.", productId: 'a"b\\c%d' }),
      million({ basketItemId: "550e8400-e29b-41d4-a716-446655440000" }),
    ]);
    expect(value).toMatch(URI_UNRESERVED);
    expect(decodeBasketCookie(value).map((ticket) => ticket.basketItemId)).toEqual([
      "id with spaces; commas, and ünïcode~.",
      "550e8400-e29b-41d4-a716-446655440000",
    ]);
  });

  it("give tickets the basket ticket schema accepts", () => {
    for (const ticket of decodeBasketCookie(encodeBasketCookie([classic(), million()]))) {
      expect(BasketTicketSchema.safeParse(ticket).success).toBe(true);
    }
  });

  it("keep 20 distinct items with long ids and chosen digits under 3.5 KB", () => {
    const tickets = Array.from({ length: 20 }, (_, index) =>
      index % 5 === 4
        ? million({ basketItemId: crypto.randomUUID(), drawId: 70 + index, quantity: 1 })
        : classic({
            basketItemId: crypto.randomUUID(),
            drawId: 1250 + index,
            firstDrawId: 1250 + index,
            quantity: 4,
            endDigits: [
              [1, 2],
              [3, 4],
              [-1, 9],
              [-1, -1],
            ],
          }),
    );
    const value = encodeBasketCookie(tickets);
    expect(value.length).toBeLessThan(3500);
    expect(decodeBasketCookie(value)).toHaveLength(20);
  });

  it("encode an empty basket as a value that decodes to an empty basket", () => {
    expect(decodeBasketCookie(encodeBasketCookie([]))).toEqual([]);
  });

  it("keep an empty id empty, for the load rule to fill in", () => {
    expect(decodeBasketCookie(encodeBasketCookie([million({ basketItemId: "" })]))[0]?.basketItemId).toBe("");
  });

  it("round-trip any valid ticket (property)", () => {
    const digit = fc.integer({ min: -1, max: 9 });
    const classicArbitrary = fc
      .record({
        basketItemId: fc.string({ maxLength: 64 }),
        quantity: fc.integer({ min: 1, max: 100 }),
        productId: fc.string({ minLength: 1, maxLength: 64 }),
        drawId: fc.integer({ min: 1, max: 999_999 }),
        productType: fc.constantFrom("SingleTicket", "Street", "Boulevard" as const),
        multiplier: fc.integer({ min: 1, max: 5 }),
        withXl: fc.boolean(),
        expireDateTime: fc
          .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
          .map((date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString()),
        isUpsell: fc.boolean(),
        digits: fc.array(fc.tuple(digit, digit), { maxLength: 100 }),
        pricePerTicketInCents: fc.nat({ max: 1_000_000 }),
        pricePerTicketWithAddOnInCents: fc.option(fc.nat({ max: 1_000_000 }), { nil: undefined }),
        fraction: fc.constantFrom("WHOLE", "HALF", "ONE_FIFTH" as const),
        firstDrawId: fc.integer({ min: 1, max: 999_999 }),
      })
      .map(({ digits, pricePerTicketWithAddOnInCents, ...fields }): StlBasketTicket => {
        const ticket: StlBasketTicket = {
          _type: "StlBasketTicket",
          ...fields,
          endDigits: digits.slice(0, fields.quantity),
          isFractional: fields.fraction !== "WHOLE",
        };
        if (pricePerTicketWithAddOnInCents !== undefined) {
          ticket.pricePerTicketWithAddOnInCents = pricePerTicketWithAddOnInCents;
        }
        return ticket;
      });
    const millionArbitrary = fc.record({
      _type: fc.constant("MjsBasketTicket" as const),
      basketItemId: fc.string({ maxLength: 64 }),
      quantity: fc.integer({ min: 1, max: 100 }),
      drawId: fc.integer({ min: 1, max: 999_999 }),
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(classicArbitrary, millionArbitrary), { maxLength: 5 }), (tickets) => {
        const value = encodeBasketCookie(tickets);
        expect(value).toMatch(URI_UNRESERVED);
        expect(decodeBasketCookie(value)).toEqual(tickets);
      }),
    );
  });
});

describe("a cookie written before the basket ticket kinds", () => {
  /** Produced by the encoder as it was before the kinds refactor; players still carry such cookies. */
  const WRITTEN_BEFORE =
    "1~c.k3j9x2ab.3..1250.0.1.1.4100601600.0.12x5.1750.2000.0.~c.id_20met_20spatie_2E_7E.1..1251.1.2.0.4100601600.1..3500..2.1250~c.p1.1.partner_2Eproduct_5F1.1252.2.1.0.4100601600.0..1750.2000.0.~m.m0001.2.77";
  const expireDateTime = "2099-12-10T16:00:00.000Z";
  const basket: BasketTicket[] = [
    {
      _type: "StlBasketTicket",
      basketItemId: "k3j9x2ab",
      quantity: 3,
      productId: "KROON-SingleTicket-WHOLE",
      drawId: 1250,
      productType: "SingleTicket",
      multiplier: 1,
      withXl: true,
      expireDateTime,
      isUpsell: false,
      endDigits: [
        [1, 2],
        [-1, 5],
      ],
      pricePerTicketInCents: 1750,
      pricePerTicketWithAddOnInCents: 2000,
      fraction: "WHOLE",
      isFractional: false,
      firstDrawId: 1250,
    },
    {
      _type: "StlBasketTicket",
      basketItemId: "id met spatie.~",
      quantity: 1,
      productId: "KROON-Street-ONE_FIFTH",
      drawId: 1251,
      productType: "Street",
      multiplier: 2,
      withXl: false,
      expireDateTime,
      isUpsell: true,
      endDigits: [],
      pricePerTicketInCents: 3500,
      fraction: "ONE_FIFTH",
      isFractional: true,
      firstDrawId: 1250,
    },
    {
      _type: "StlBasketTicket",
      basketItemId: "p1",
      quantity: 1,
      productId: "partner.product_1",
      drawId: 1252,
      productType: "Boulevard",
      multiplier: 1,
      withXl: false,
      expireDateTime,
      isUpsell: false,
      endDigits: [],
      pricePerTicketInCents: 1750,
      pricePerTicketWithAddOnInCents: 2000,
      fraction: "WHOLE",
      isFractional: false,
      firstDrawId: 1252,
    },
    { _type: "MjsBasketTicket", basketItemId: "m0001", quantity: 2, drawId: 77 },
  ];

  it("loads into the same basket", () => {
    expect(decodeBasketCookie(WRITTEN_BEFORE)).toEqual(basket);
  });

  it("is written the same way again, so a basket round-trips between old and new code", () => {
    expect(encodeBasketCookie(basket)).toBe(WRITTEN_BEFORE);
  });
});

describe("cookie format versions", () => {
  const items = "m.m0001.2.77~c.k3j9x2ab.3..1250.0.1.1.4100601600.0.12x5.1750.2000.0.";

  it("marks the value with format version 1", () => {
    expect(encodeBasketCookie([million()])).toMatch(/^1~/);
  });

  it.each([
    ["a later version", `2~${items}`],
    ["a version with a prefix", `v1~${items}`],
    ["no version at all", items],
    ["URL-encoded JSON", encodeURIComponent('[{"_type":"MjsBasketTicket","quantity":1,"drawId":77}]')],
    ["only separators", "~~.~."],
    ["control characters", "1~\u0000\u0001.\uffff"],
  ])("reads %s as an empty basket", (_, value) => {
    expect(decodeBasketCookie(value)).toEqual([]);
  });

  it("drops an item of a kind it does not know and keeps the others", () => {
    expect(decodeBasketCookie(`1~g.gift1.1.77.some.new.fields~${items}`)).toHaveLength(2);
  });
});

describe("decodeBasketCookie on bad input", () => {
  const good = encodeBasketCookie([million()]);
  const goodClassic = encodeBasketCookie([classic()]).split("~")[1]!;

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["an empty value", ""],
    ["JSON", '[{"_type":"MjsBasketTicket"}]'],
    ["an unknown version", good.replace(/^1/, "2")],
    ["a value over 4 KB", `1~${"m.a.1.1~".repeat(600)}`],
  ])("gives an empty basket for %s", (_, value) => {
    expect(decodeBasketCookie(value)).toEqual([]);
  });

  it.each([
    ["an unknown tag", "z.a.1.77"],
    ["a missing field", "m.a.1"],
    ["an extra field", "m.a.1.77.1"],
    ["quantity 0", "m.a.0.77"],
    ["quantity 101", "m.a.101.77"],
    ["a negative quantity", "m.a.-1.77"],
    ["a fractional quantity", "m.a.1.5.77"],
    ["a leading zero", "m.a.01.77"],
    ["draw 0", "m.a.1.0"],
    ["an id with a bad escape", "m._ZZ.1.77"],
    ["an id with forbidden characters", "m.a%20b.1.77"],
    ["an id over 64 characters", `m.${"a".repeat(65)}.1.77`],
  ])("drops a million-game item with %s", (_, item) => {
    expect(decodeBasketCookie(`1~${item}~${good.split("~")[1]}`)).toEqual([million()]);
  });

  /** The classic test item with field `index` replaced. */
  function withField(index: number, value: string): string {
    const fields = goodClassic.split(".");
    fields[index] = value;
    return `1~${fields.join(".")}`;
  }

  it.each([
    ["an unknown product type", 5, "3"],
    ["a multiplier of 6", 6, "6"],
    ["a multiplier of 0", 6, "0"],
    ["an XL flag of 2", 7, "2"],
    ["a closing time that is not a number", 8, "soon"],
    ["an upsell flag that is empty", 9, ""],
    ["an odd number of digit characters", 10, "123"],
    ["a digit that is not a digit", 10, "1a"],
    ["more digit pairs than tickets", 10, "121212"],
    ["a missing price", 11, ""],
    ["an XL price that is not a number", 12, "x"],
    ["an unknown fraction", 13, "3"],
    ["a first draw of 0", 14, "0"],
    ["an empty escaped product id", 3, "_"],
  ])("drops a classic item with %s", (_, index, value) => {
    expect(decodeBasketCookie(withField(index as number, value as string))).toEqual([]);
  });

  it("never throws, whatever the value (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        expect(Array.isArray(decodeBasketCookie(value))).toBe(true);
        expect(Array.isArray(decodeBasketCookie(`1~${value}`))).toBe(true);
      }),
    );
  });

  it("reads at most 100 items", () => {
    const value = `1~${Array.from({ length: 120 }, (_, index) => `m.${index}.1.77`).join("~")}`;
    expect(decodeBasketCookie(value)).toHaveLength(100);
  });
});

describe("cookie name and attributes", () => {
  it("carries the __Secure- prefix on https", () => {
    expect(basketCookieName(true)).toBe("__Secure-kl_basket");
    expect(basketCookieName(false)).toBe("kl_basket");
  });

  it("lives 744 hours on the whole site, with the parent domain when configured", () => {
    expect(BASKET_COOKIE_MAX_AGE_SECONDS).toBe(744 * 3600);
    expect(basketCookieAttributes({ secure: true, domain: ".kroonloterij.example" })).toBe(
      "Max-Age=2678400; Path=/; Domain=.kroonloterij.example; Secure; SameSite=Lax",
    );
    expect(basketCookieAttributes({ secure: false })).toBe("Max-Age=2678400; Path=/; SameSite=Lax");
  });

  it("is deleted with the same name, path and domain", () => {
    expect(expiredBasketCookie({ secure: true, domain: ".kroonloterij.example" })).toBe(
      "__Secure-kl_basket=; Max-Age=0; Path=/; Domain=.kroonloterij.example; Secure; SameSite=Lax",
    );
  });

  it("is found in a Cookie header by its exact name", () => {
    const header = "kl_basket_old=x; __Secure-kl_basket=1~m.a.1.77; kl_basket=1~m.b.2.77";
    expect(readBasketCookie(header, true)).toBe("1~m.a.1.77");
    expect(readBasketCookie(header, false)).toBe("1~m.b.2.77");
    expect(readBasketCookie("other=1", false)).toBeUndefined();
    expect(readBasketCookie(null, false)).toBeUndefined();
  });
});
