import { describe, expect, it } from "vitest";
import { SubscriptionChoiceSchema } from "@/src/contract/subscriptions";
import type { SubscriptionPromotion } from "@/src/domain/subscriptions/plan";
import { amsterdamTime } from "@/src/lib/amsterdam-time";
import { subscriptionMessages } from "@/src/lib/messages";
import {
  chargeSchedule,
  choiceErrors,
  chosenPromotion,
  drawsPlayed,
  itemsOfChoice,
  type PlayableDraw,
  subscriptionCatalogue,
} from "./quote";

const trial: SubscriptionPromotion = {
  id: "proef",
  label: "Proefabonnement",
  draws: 2,
  discountPercent: 50,
  trial: true,
};

const choice = (fields: Record<string, unknown>) =>
  SubscriptionChoiceSchema.parse({
    productType: "SingleTicket",
    fractionType: "WHOLE",
    quantity: 1,
    ...fields,
  });

/** The regular draws of 2027 on the 10th, in a shuffled order. */
const draws: PlayableDraw[] = [3, 1, 2, 12, 4].map((month) => ({
  id: 2000 + month,
  name: `Maandtrekking ${month}`,
  drawAt: amsterdamTime(2027, month, 10, 20),
  salesCloseAt: amsterdamTime(2027, month, 10, 18),
}));

describe("the subscription catalogue", () => {
  it("sells every product whole and as a fifth, priced per regular draw with and without XL", () => {
    const catalogue = subscriptionCatalogue();
    expect(catalogue).toHaveLength(6);
    expect(catalogue.find((product) => product.productId === "KROON-Boulevard-ONE_FIFTH")).toMatchObject({
      units: 100,
      pricePerDrawInCents: 35_000,
      pricePerDrawWithXlInCents: 40_000,
    });
  });
});

describe("choiceErrors", () => {
  it("accepts a single ticket with digits for some of its items and the page's promotion", () => {
    expect(
      choiceErrors(choice({ quantity: 2, endDigits: [[1, 2]], chosenPromotionId: "proef" }), {
        promotion: trial,
      }),
    ).toEqual({});
  });

  it("refuses digits on a street or boulevard, but not pairs that choose nothing", () => {
    expect(choiceErrors(choice({ productType: "Street", endDigits: [[-1, 7]] }), {})).toEqual({
      endDigits: [subscriptionMessages.endDigitsOnlySingle],
    });
    expect(choiceErrors(choice({ productType: "Boulevard", endDigits: [[-1, -1]] }), {})).toEqual({});
  });

  it("refuses more pairs than items, and a promotion the page does not have", () => {
    expect(
      choiceErrors(
        choice({
          endDigits: [
            [1, 2],
            [3, 4],
          ],
          chosenPromotionId: "andere",
        }),
        { promotion: trial },
      ),
    ).toEqual({
      endDigits: [subscriptionMessages.tooManyEndDigits],
      chosenPromotionId: [subscriptionMessages.promotion],
    });
    expect(choiceErrors(choice({ chosenPromotionId: "proef" }), {})).toEqual({
      chosenPromotionId: [subscriptionMessages.promotion],
    });
  });
});

describe("chosenPromotion", () => {
  it("is the page's promotion only when the player chose it", () => {
    expect(chosenPromotion({ chosenPromotionId: "proef" }, { promotion: trial })).toBe(trial);
    expect(chosenPromotion({}, { promotion: trial })).toBeNull();
  });
});

describe("itemsOfChoice", () => {
  it("makes one item per ticket and gives the i-th pair of digits to the i-th single ticket", () => {
    const items = itemsOfChoice(
      choice({
        quantity: 3,
        endDigits: [
          [-1, 5],
          [-1, -1],
        ],
        participatingMonths: [12, 1, 6],
        multiplier: 3,
      }),
    );
    expect(items.map((item) => item.endDigits)).toEqual([[-1, 5], null, null]);
    expect(items[0]).toMatchObject({ participatingMonths: [1, 6, 12], multiplier: 3, withXl: false });
  });

  it("gives streets no digits", () => {
    const [item] = itemsOfChoice(choice({ productType: "Street", fractionType: "ONE_FIFTH" }));
    expect(item?.endDigits).toBeNull();
  });
});

describe("drawsPlayed and chargeSchedule", () => {
  const items = itemsOfChoice(choice({ quantity: 2, participatingMonths: [1, 2, 4, 12] }));

  it("keeps the draws of the months played, in date order", () => {
    expect(drawsPlayed(draws, items).map((draw) => draw.id)).toEqual([2001, 2002, 2004, 2012]);
  });

  it("discounts the promotion's first draws, counted from the subscription's start", () => {
    expect(
      chargeSchedule(draws, items, trial).map(({ draw, amountCents, purchaseType }) => [
        draw.id,
        amountCents,
        purchaseType,
      ]),
    ).toEqual([
      [2001, 1_750, "TrialSubscription"],
      [2002, 1_750, "TrialSubscription"],
      [2004, 3_500, "Subscription"],
      [2012, 3_500, "Subscription"],
    ]);
    const later = chargeSchedule(draws, items, trial, { firstIndex: 1, limit: 2 });
    expect(later.map(({ amountCents }) => amountCents)).toEqual([1_750, 3_500]);
    expect(chargeSchedule(draws, items, null, { limit: 1 })).toEqual([
      expect.objectContaining({ amountCents: 3_500, purchaseType: "Subscription" }),
    ]);
  });
});
