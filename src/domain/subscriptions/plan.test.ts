import { describe, expect, it } from "vitest";
import {
  choosesEndDigits,
  discounted,
  drawAmount,
  drawCharge,
  drawMonth,
  itemDrawPrice,
  monthlyAmount,
  type SubscriptionItemPlan,
  type SubscriptionPromotion,
} from "./plan";

const item = (overrides: Partial<SubscriptionItemPlan> = {}): SubscriptionItemPlan => ({
  productType: "SingleTicket",
  fractionType: "WHOLE",
  withXl: false,
  endDigits: null,
  withFixedTicketNumber: false,
  participatingMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  multiplier: 1,
  ...overrides,
});

const trial: SubscriptionPromotion = {
  id: "proef-drie-maanden",
  label: "Proefabonnement",
  draws: 3,
  discountPercent: 50,
  trial: true,
};

describe("subscription prices (shared/domain.md)", () => {
  it("prices an item per regular draw: whole EUR 17.50, a fifth EUR 3.50, XL EUR 2.50 or EUR 0.50 more", () => {
    expect(itemDrawPrice(item())).toBe(1750);
    expect(itemDrawPrice(item({ fractionType: "ONE_FIFTH" }))).toBe(350);
    expect(itemDrawPrice(item({ withXl: true }))).toBe(2000);
    expect(itemDrawPrice(item({ fractionType: "ONE_FIFTH", withXl: true }))).toBe(400);
  });

  it("prices a street as ten tickets and a boulevard as a hundred, times the multiplier", () => {
    expect(itemDrawPrice(item({ productType: "Street", fractionType: "ONE_FIFTH", withXl: true }))).toBe(
      4000,
    );
    expect(itemDrawPrice(item({ productType: "Boulevard" }))).toBe(175_000);
    expect(itemDrawPrice(item({ multiplier: 3 }))).toBe(5250);
  });

  it("collects for a draw only the items that play in its month", () => {
    const items = [item(), item({ fractionType: "ONE_FIFTH", participatingMonths: [1, 6, 12] })];
    expect(drawAmount(items, 6)).toBe(2100);
    expect(drawAmount(items, 7)).toBe(1750);
    expect(monthlyAmount(items)).toBe(2100);
  });
});

describe("promotions", () => {
  it("discounts the first draws and labels them as a trial, then charges the normal price", () => {
    expect(drawCharge(2000, 0, trial)).toEqual({ amountCents: 1000, purchaseType: "TrialSubscription" });
    expect(drawCharge(2000, 2, trial)).toEqual({ amountCents: 1000, purchaseType: "TrialSubscription" });
    expect(drawCharge(2000, 3, trial)).toEqual({ amountCents: 2000, purchaseType: "Subscription" });
    expect(drawCharge(2000, 0, null)).toEqual({ amountCents: 2000, purchaseType: "Subscription" });
  });

  it("keeps a discount that is not a trial under the purchase type Subscription", () => {
    expect(drawCharge(2000, 0, { ...trial, trial: false })).toEqual({
      amountCents: 1000,
      purchaseType: "Subscription",
    });
  });

  it("rounds a discounted amount down to whole cents, in the player's favour", () => {
    expect(discounted(350, { discountPercent: 33 })).toBe(234);
  });
});

describe("retention discounts", () => {
  const halfPrice = {
    offerId: "drie-maanden-halve-prijs",
    label: "3 maanden halve prijs",
    draws: 3,
    discountPercent: 50,
  };

  it("discounts the draws it was accepted for, from its index on, and no others", () => {
    const discounts = [{ ...halfPrice, fromIndex: 4 }];
    expect(drawCharge(2000, 3, null, discounts)).toEqual({ amountCents: 2000, purchaseType: "Subscription" });
    expect(drawCharge(2000, 4, null, discounts)).toEqual({ amountCents: 1000, purchaseType: "Subscription" });
    expect(drawCharge(2001, 6, null, discounts)).toEqual({ amountCents: 1000, purchaseType: "Subscription" });
    expect(drawCharge(2000, 7, null, discounts)).toEqual({ amountCents: 2000, purchaseType: "Subscription" });
  });

  it("counts the larger of a promotion and a retention discount on the same draw, never both", () => {
    const quarter = [{ ...halfPrice, fromIndex: 1, discountPercent: 25 }];
    expect(drawCharge(2000, 1, trial, quarter)).toEqual({
      amountCents: 1000,
      purchaseType: "TrialSubscription",
    });
    const most = [{ ...halfPrice, fromIndex: 1, discountPercent: 75 }];
    expect(drawCharge(2000, 1, trial, most)).toEqual({ amountCents: 500, purchaseType: "Subscription" });
    const both = [
      { ...halfPrice, fromIndex: 0, discountPercent: 20 },
      { ...halfPrice, fromIndex: 2, discountPercent: 60 },
    ];
    expect(drawCharge(2000, 2, null, both)).toEqual({ amountCents: 800, purchaseType: "Subscription" });
  });
});

describe("helpers", () => {
  it("tells a chosen end-digit pair from an unchosen one", () => {
    expect(choosesEndDigits(null)).toBe(false);
    expect(choosesEndDigits([-1, -1])).toBe(false);
    expect(choosesEndDigits([-1, 7])).toBe(true);
  });

  it("reads a draw's month in Amsterdam, also around midnight at a month's end", () => {
    expect(drawMonth(new Date("2026-12-10T19:00:00Z"))).toBe(12);
    expect(drawMonth(new Date("2026-11-30T23:30:00Z"))).toBe(12);
  });
});
