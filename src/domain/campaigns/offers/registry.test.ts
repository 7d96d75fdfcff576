import { describe, expect, it } from "vitest";
import { actionMessages } from "@/src/lib/messages";
import { describeOffer, isBasketOffer, OfferSchema, priceOffer } from "./registry";
import { TrialSubscriptionOfferSchema, trialPromotion } from "./trial-subscription";

const context = { basketTotalInCents: 3500, firstOrder: true, millionGameDrawId: 4321 };

describe("an order discount", () => {
  const offer = OfferSchema.parse({ kind: "orderDiscount", amountInCents: 500, minimumOrderInCents: 1000 });

  it("takes its amount off the order and says so in Dutch", () => {
    expect(describeOffer(offer)).toMatch(/^€\s5,00 korting op je bestelling vanaf €\s10,00$/);
    expect(priceOffer(offer, context)).toEqual({
      status: "applies",
      amountInCents: -500,
      discountInCents: 500,
      lines: [],
    });
  });

  it("never takes more than the tickets cost", () => {
    const big = OfferSchema.parse({ kind: "orderDiscount", amountInCents: 5000 });
    expect(priceOffer(big, context)).toMatchObject({ amountInCents: -3500, discountInCents: 3500 });
  });

  it("does not apply to an empty basket, below its minimum, or after the first order when it is for that", () => {
    expect(priceOffer(offer, { ...context, basketTotalInCents: 0 })).toEqual({
      status: "notQualified",
      reason: actionMessages.needsTickets,
    });
    expect(priceOffer(offer, { ...context, basketTotalInCents: 999 })).toEqual({
      status: "notQualified",
      reason: actionMessages.minimumOrder(1000),
    });
    const first = OfferSchema.parse({ kind: "orderDiscount", amountInCents: 500, firstOrderOnly: true });
    expect(describeOffer(first)).toMatch(/eerste bestelling$/);
    expect(priceOffer(first, { ...context, firstOrder: false })).toEqual({
      status: "notQualified",
      reason: actionMessages.firstOrderOnly,
    });
  });
});

describe("Miljoenenspel tickets with an order", () => {
  it("adds free tickets (bonus participations) for the draw on sale, saving their price", () => {
    const offer = OfferSchema.parse({ kind: "millionGameTickets", quantity: 2, priceInCents: 0 });
    expect(describeOffer(offer)).toBe("2 Miljoenenspel-loten gratis bij je bestelling");
    expect(priceOffer(offer, context)).toEqual({
      status: "applies",
      amountInCents: 0,
      discountInCents: 200,
      lines: [{ _type: "MjsBasketTicket", basketItemId: "actie", quantity: 2, drawId: 4321 }],
    });
  });

  it("adds a discounted ticket at its promotional price", () => {
    const offer = OfferSchema.parse({ kind: "millionGameTickets", priceInCents: 50 });
    expect(describeOffer(offer)).toMatch(/^Een Miljoenenspel-lot voor €\s0,50 in plaats van €\s1,00/);
    expect(priceOffer(offer, context)).toMatchObject({ amountInCents: 50, discountInCents: 50 });
  });

  it("does not apply without a million-game draw on sale or without tickets in the basket", () => {
    const offer = OfferSchema.parse({ kind: "millionGameTickets", priceInCents: 0 });
    expect(priceOffer(offer, { ...context, millionGameDrawId: undefined })).toEqual({
      status: "notQualified",
      reason: actionMessages.noMillionGameDraw,
    });
    expect(priceOffer(offer, { ...context, basketTotalInCents: 0 })).toMatchObject({
      status: "notQualified",
    });
  });

  it("is never priced at or above the normal price (that is no offer)", () => {
    expect(OfferSchema.safeParse({ kind: "millionGameTickets", priceInCents: 100 }).success).toBe(false);
  });
});

describe("a trial subscription", () => {
  const offer = TrialSubscriptionOfferSchema.parse({
    kind: "trialSubscription",
    subscriptionPageId: "abonnement",
    discountPercent: 75,
  });

  it("is described as the subscription form shows it, three draws unless the campaign says otherwise", () => {
    expect(describeOffer(offer)).toBe("Proefabonnement: de eerste 3 trekkingen 75% korting");
    expect(trialPromotion(offer, "proefabonnement")).toEqual({
      id: "actie-proefabonnement",
      label: "Proefabonnement",
      draws: 3,
      discountPercent: 75,
      trial: true,
    });
  });

  it("is never a basket offer: a basket is not priced with it", () => {
    expect(isBasketOffer(offer)).toBe(false);
    expect(isBasketOffer(OfferSchema.parse({ kind: "orderDiscount", amountInCents: 500 }))).toBe(true);
    expect(priceOffer(offer, context)).toEqual({
      status: "notQualified",
      reason: actionMessages.subscriptionOnly,
    });
  });

  it("refuses a form that is not a page id and a discount of 100% (the first payment cannot be zero)", () => {
    expect(OfferSchema.safeParse({ ...offer, subscriptionPageId: "/abonnement" }).success).toBe(false);
    expect(OfferSchema.safeParse({ ...offer, discountPercent: 100 }).success).toBe(false);
  });
});
