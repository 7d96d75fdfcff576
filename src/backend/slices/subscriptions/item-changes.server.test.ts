import { describe, expect, it } from "vitest";
import type { SubscriptionItemPlan } from "@/src/domain/subscriptions/plan";
import { subscriptionChangeMessages, subscriptionMessages } from "@/src/lib/messages";
import type { DrawRow } from "./change-transaction.server";
import {
  addedItems,
  keepsFixedNumber,
  paymentForDifference,
  samePlan,
  updatedPlan,
} from "./item-changes.server";
import { specialDrawPrice } from "./upsell.server";

/** The rules of changing items that need no database (the API's integration test covers the rest). */

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const single: SubscriptionItemPlan = {
  productType: "SingleTicket",
  fractionType: "WHOLE",
  withXl: true,
  endDigits: null,
  withFixedTicketNumber: true,
  participatingMonths: ALL,
  multiplier: 1,
};
const update = (changes: Partial<SubscriptionItemPlan> = {}) => ({ ...single, ...changes });

describe("updatedPlan", () => {
  it("refuses end digits on a street or boulevard with the form's message", () => {
    for (const productType of ["Street", "Boulevard"] as const) {
      const { errors } = updatedPlan(update({ productType, endDigits: [-1, 7] }));
      expect(errors.endDigits).toEqual([subscriptionMessages.endDigitsOnlySingle]);
    }
  });

  it("keeps a single ticket's chosen digits and drops unchosen ones; months sorted, each once", () => {
    expect(updatedPlan(update({ endDigits: [4, 2] })).plan.endDigits).toEqual([4, 2]);
    expect(updatedPlan(update({ endDigits: [-1, -1] })).plan.endDigits).toBeNull();
    expect(updatedPlan(update({ participatingMonths: [12, 1, 6] })).plan.participatingMonths).toEqual([
      1, 6, 12,
    ]);
  });
});

describe("samePlan", () => {
  it("tells a change from none, whatever the order of the months", () => {
    expect(samePlan(single, { ...single, participatingMonths: [...ALL].reverse() })).toBe(true);
    expect(samePlan(single, { ...single, fractionType: "ONE_FIFTH" })).toBe(false);
    expect(samePlan(single, { ...single, endDigits: [-1, 3] })).toBe(false);
    expect(samePlan(single, { ...single, multiplier: 2 })).toBe(false);
  });
});

describe("keepsFixedNumber", () => {
  it("keeps it through a change of fraction, XL, months or multiplier", () => {
    expect(
      keepsFixedNumber(single, { ...single, fractionType: "ONE_FIFTH", withXl: false, multiplier: 3 }),
    ).toBe(true);
  });

  it("clears it for another product, other end digits, or no fixed number any more", () => {
    expect(keepsFixedNumber(single, { ...single, productType: "Street" })).toBe(false);
    expect(keepsFixedNumber(single, { ...single, endDigits: [0, 7] })).toBe(false);
    expect(keepsFixedNumber(single, { ...single, withFixedTicketNumber: false })).toBe(false);
  });
});

describe("addedItems", () => {
  const choice = {
    productType: "SingleTicket" as const,
    fractionType: "WHOLE" as const,
    withXl: false,
    quantity: 2,
    endDigits: [[1, 2] as [number, number]],
    multiplier: 1,
    withFixedTicketNumber: false,
    participatingMonths: ALL,
  };

  it("makes one item per quantity, the digits for the first", () => {
    const { items, errors } = addedItems(choice, 1);
    expect(errors).toEqual({});
    expect(items.map((item) => item.endDigits)).toEqual([[1, 2], null]);
  });

  it("refuses more items than a subscription holds", () => {
    expect(addedItems(choice, 9).errors.quantity).toEqual([subscriptionChangeMessages.tooManyItems(10)]);
    expect(addedItems(choice, 8).errors.quantity).toBeUndefined();
  });

  it("refuses end digits for a street", () => {
    expect(addedItems({ ...choice, productType: "Street" }, 0).errors.endDigits).toEqual([
      subscriptionMessages.endDigitsOnlySingle,
    ]);
  });
});

describe("paymentForDifference", () => {
  const draw = {
    id: 7,
    name: "Maandtrekking",
    drawAt: new Date("2026-12-10T19:00:00Z"),
    salesCloseAt: new Date("2026-12-10T17:00:00Z"),
  } as DrawRow;

  it("collects more with the next collection, from the effective draw", () => {
    expect(paymentForDifference(1750, 2000, draw)).toEqual({
      method: "nextCollection",
      amountInCents: 250,
      draw: {
        drawId: 7,
        name: "Maandtrekking",
        drawDate: "2026-12-10T19:00:00.000Z",
        salesCloseDateTime: "2026-12-10T17:00:00.000Z",
      },
    });
  });

  it("needs nothing when the amount goes down or stays", () => {
    expect(paymentForDifference(2000, 350, draw)).toEqual({ method: "none", amountInCents: 0, draw: null });
    expect(paymentForDifference(2000, 2000, draw)).toEqual({ method: "none", amountInCents: 0, draw: null });
  });
});

describe("specialDrawPrice", () => {
  it("prices an item at the special draw's own price, XL and multiplier included", () => {
    expect(specialDrawPrice("yearEnd", single)).toBe(3000 + 250);
    expect(specialDrawPrice("yearEnd", { ...single, withXl: false, multiplier: 2 })).toBe(6000);
    expect(specialDrawPrice("extra", { ...single, productType: "Street", fractionType: "ONE_FIFTH" })).toBe(
      10 * (350 + 50),
    );
  });

  it("has no price for a fraction the draw does not sell (the year-end draw sells no fifths)", () => {
    expect(specialDrawPrice("yearEnd", { ...single, fractionType: "ONE_FIFTH" })).toBeUndefined();
  });
});
