import { describe, expect, it } from "vitest";
import type { SaleDraw } from "@/src/contract/tickets";
import {
  drawInForce,
  endDigitsPayload,
  errorTarget,
  fieldErrorsByInput,
  findPriceLine,
  fractionInForce,
  openDraws,
  parseQuantity,
  priceSummary,
  toEndDigitsPair,
} from "./configurator-model";

const line = (
  productType: "SingleTicket" | "Street" | "Boulevard",
  fraction: "WHOLE" | "HALF" | "ONE_FIFTH",
  units: number,
  price: number,
  withXl: number,
) => ({
  productId: `KROON-${productType}-${fraction}`,
  productType,
  fraction,
  units,
  pricePerTicketInCents: price,
  pricePerTicketWithAddOnInCents: withXl,
});

const regular: SaleDraw = {
  drawId: 1250,
  kind: "regular",
  name: "Maandtrekking december 2026",
  drawDate: "2026-12-10T19:00:00.000Z",
  salesCloseDateTime: "2026-12-10T17:00:00.000Z",
  jackpotInCents: 500_000_000,
  fractions: ["WHOLE", "ONE_FIFTH"],
  prices: [
    line("SingleTicket", "WHOLE", 1, 1750, 2000),
    line("SingleTicket", "ONE_FIFTH", 1, 350, 400),
    line("Street", "WHOLE", 10, 17_500, 20_000),
  ],
};
const yearEnd: SaleDraw = {
  ...regular,
  drawId: 1251,
  kind: "yearEnd",
  name: "Oudejaarstrekking 2026",
  drawDate: "2026-12-31T23:00:00.000Z",
  salesCloseDateTime: "2026-12-31T17:00:00.000Z",
  fractions: ["WHOLE", "HALF"],
  prices: [line("SingleTicket", "WHOLE", 1, 3000, 3250), line("SingleTicket", "HALF", 1, 1500, 1625)],
};

describe("parseQuantity", () => {
  it("accepts whole numbers from 1 to the maximum", () => {
    expect(parseQuantity("1", 20)).toBe(1);
    expect(parseQuantity(" 20 ", 20)).toBe(20);
  });

  it.each(["", "0", "21", "2.5", "-1", "1e1", "abc"])("refuses %j", (value) => {
    expect(parseQuantity(value, 20)).toBeUndefined();
  });
});

describe("toEndDigitsPair (spec section 5: street 0-9, other products 00-99)", () => {
  it("leaves an empty input to chance", () => {
    expect(toEndDigitsPair("", 1)).toEqual([-1, -1]);
    expect(toEndDigitsPair("  ", 2)).toEqual([-1, -1]);
  });

  it("keeps a street's one digit second in the pair", () => {
    expect(toEndDigitsPair("7", 1)).toEqual([-1, 7]);
    expect(toEndDigitsPair("0", 1)).toEqual([-1, 0]);
  });

  it("reads two digits for a single ticket or boulevard", () => {
    expect(toEndDigitsPair("07", 2)).toEqual([0, 7]);
    expect(toEndDigitsPair("99", 2)).toEqual([9, 9]);
  });

  it.each([
    ["12", 1],
    ["a", 1],
    ["7", 2],
    ["100", 2],
    ["1a", 2],
    ["-1", 2],
  ] as const)("refuses %j for %i digit(s)", (value, count) => {
    expect(toEndDigitsPair(value, count)).toBeUndefined();
  });
});

describe("endDigitsPayload", () => {
  it("keeps pair i for ticket i + 1 and leaves out trailing random tickets", () => {
    expect(endDigitsPayload(["", "42", "", ""], 4, 2)).toEqual([
      [-1, -1],
      [4, 2],
    ]);
    expect(endDigitsPayload(["", ""], 2, 1)).toEqual([]);
  });

  it("ignores inputs beyond the quantity and fails on an invalid one within it", () => {
    expect(endDigitsPayload(["3", "x"], 1, 1)).toEqual([[-1, 3]]);
    expect(endDigitsPayload(["3", "x"], 2, 1)).toBeUndefined();
  });
});

describe("choices in force", () => {
  it("drops draws whose sales closed once the browser knows the time", () => {
    expect(openDraws([regular, yearEnd], undefined)).toHaveLength(2);
    expect(openDraws([regular, yearEnd], Date.parse("2026-12-20T00:00:00Z"))).toEqual([yearEnd]);
  });

  it("falls back to the first draw and to a fraction the draw sells", () => {
    expect(drawInForce([regular, yearEnd], 1251)).toBe(yearEnd);
    expect(drawInForce([regular, yearEnd], 999)).toBe(regular);
    expect(drawInForce([], 1250)).toBeUndefined();
    expect(fractionInForce(yearEnd, "ONE_FIFTH")).toBe("WHOLE");
    expect(fractionInForce(yearEnd, "HALF")).toBe("HALF");
  });
});

describe("priceSummary", () => {
  it("prices quantity x multiplier tickets and counts single-ticket units", () => {
    const street = findPriceLine(regular, "Street", "WHOLE")!;
    expect(priceSummary(street, { withXl: false, quantity: 2, multiplier: 3 })).toEqual({
      pricePerTicketInCents: 17_500,
      xlExtraInCents: 2500,
      totalInCents: 105_000,
      units: 60,
    });
  });

  it("uses the price with the add-on when XL is chosen", () => {
    const fifth = findPriceLine(regular, "SingleTicket", "ONE_FIFTH")!;
    expect(priceSummary(fifth, { withXl: true, quantity: 3, multiplier: 1 })).toMatchObject({
      pricePerTicketInCents: 400,
      xlExtraInCents: 50,
      totalInCents: 1200,
      units: 3,
    });
  });

  it("finds no price for a fraction the draw does not sell", () => {
    expect(findPriceLine(yearEnd, "SingleTicket", "ONE_FIFTH")).toBeUndefined();
  });
});

describe("server field errors", () => {
  it("point at the input they are about", () => {
    expect(errorTarget("quantity")).toBe("quantity");
    expect(errorTarget("drawId")).toBe("drawId");
    expect(errorTarget("endDigits.3.1")).toBe("endDigits.3");
    expect(errorTarget("endDigits")).toBe("endDigits");
    expect(errorTarget("params.pageId")).toBeUndefined();
    expect(errorTarget("body")).toBeUndefined();
  });

  it("keep the first message per input and collect the rest for the alert", () => {
    expect(
      fieldErrorsByInput({
        "endDigits.0.0": ["Kies eindcijfers van 00 tot en met 99"],
        "endDigits.0.1": ["Tweede melding"],
        "params.pageId": ["Invalid string"],
        quantity: [],
      }),
    ).toEqual({
      byInput: { "endDigits.0": "Kies eindcijfers van 00 tot en met 99" },
      unmatched: ["Invalid string"],
    });
  });
});
