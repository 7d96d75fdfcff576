import type {
  SubscriptionOrderResult,
  SubscriptionPriceDetails,
  SubscriptionQuote,
  SubscriptionSummary,
} from "@/src/contract/subscriptions";

/**
 * Sample answers of the subscriptions API for the form's, the pages' and the blocks' tests: the `abonnement`
 * page with a three-draw trial at half price, January 2031's draw first.
 */

const PRICES = { WHOLE: [1750, 250], ONE_FIFTH: [350, 50] } as const;

export const details: SubscriptionPriceDetails = {
  pageId: "abonnement",
  products: (["SingleTicket", "Street", "Boulevard"] as const).flatMap((productType) =>
    (["WHOLE", "ONE_FIFTH"] as const).map((fractionType) => {
      const units = { SingleTicket: 1, Street: 10, Boulevard: 100 }[productType];
      const [price, xl] = PRICES[fractionType];
      return {
        productId: `KROON-${productType}-${fractionType}`,
        gameType: "KROON" as const,
        productType,
        fractionType,
        units,
        pricePerDrawInCents: price * units,
        pricePerDrawWithXlInCents: (price + xl) * units,
      };
    }),
  ),
  multipliers: [1, 2, 3, 4, 5],
  maxQuantity: 10,
  months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  minParticipatingMonths: 3,
  firstDraw: {
    drawId: 301,
    name: "Maandtrekking januari 2031",
    drawDate: "2031-01-10T19:00:00.000Z",
    salesCloseDateTime: "2031-01-10T17:00:00.000Z",
  },
  promotion: {
    id: "proef-drie-maanden",
    label: "Proefabonnement",
    draws: 3,
    discountPercent: 50,
    trial: true,
  },
  sweepstake: null,
};

export const sweepstake = {
  id: "ballonvaart",
  prizeText: "een ballonvaart voor twee",
  numberOfPrizes: 25,
  endDate: "2031-01-31T23:00:00.000Z",
  open: true,
};

const draw = (month: number, name: string) => ({
  drawId: 300 + month,
  name,
  drawDate: `2031-${String(month).padStart(2, "0")}-10T19:00:00.000Z`,
});

/** The quote of a street, a fifth, with XL and a fixed number, in the trial. */
export const quote: SubscriptionQuote = {
  pageId: "abonnement",
  mandateId: "KRL-7Q2M4X9B1C",
  items: [
    {
      productType: "Street",
      fractionType: "ONE_FIFTH",
      withXl: true,
      endDigits: null,
      withFixedTicketNumber: true,
      participatingMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      multiplier: 1,
      pricePerDrawInCents: 4000,
    },
  ],
  monthlyAmountInCents: 4000,
  firstDraw: { ...draw(1, "Maandtrekking januari 2031"), salesCloseDateTime: "2031-01-10T17:00:00.000Z" },
  firstAmountInCents: 2000,
  promotion: details.promotion,
  schedule: [
    { ...draw(1, "Maandtrekking januari 2031"), amountInCents: 2000, purchaseType: "TrialSubscription" },
    { ...draw(2, "Maandtrekking februari 2031"), amountInCents: 2000, purchaseType: "TrialSubscription" },
    { ...draw(3, "Maandtrekking maart 2031"), amountInCents: 2000, purchaseType: "TrialSubscription" },
    { ...draw(4, "Maandtrekking april 2031"), amountInCents: 4000, purchaseType: "Subscription" },
  ],
};

export const subscription: SubscriptionSummary = {
  id: 100001,
  status: "active",
  pageId: "abonnement",
  startedAt: "2030-12-20T10:00:00.000Z",
  startDraw: draw(1, "Maandtrekking januari 2031"),
  monthlyAmountInCents: 4000,
  mandate: {
    ibanMasked: "**************4300",
    accountHolder: "J. de Vries",
    mandateId: "KRL-100001-1",
    signedAt: "2030-12-20T10:00:00.000Z",
  },
  promotion: { ...details.promotion!, drawsLeft: 2 },
  nextDraw: {
    ...draw(2, "Maandtrekking februari 2031"),
    amountInCents: 2000,
    purchaseType: "TrialSubscription",
  },
  items: [{ ...quote.items[0]!, id: 200001, subscriptionId: 100001, fixedNumber: "0123450" }],
  collections: [
    {
      drawId: 301,
      drawName: "Maandtrekking januari 2031",
      drawDate: "2031-01-10T19:00:00.000Z",
      amountInCents: 2000,
      method: "ideal",
      state: "paid",
      purchaseType: "TrialSubscription",
    },
  ],
  outstandingInCents: 0,
  cancelableOnline: true,
  cancelledAt: null,
  lastDraw: null,
  pause: null,
  discounts: [],
};

export const TRANSACTION = "5b0e6a1c-3f1e-4f7a-9c1d-2e8b7a6c5d4e";

export const paidOrder: SubscriptionOrderResult = {
  transactionId: TRANSACTION,
  status: "paid",
  refundedInCents: 0,
  firstAmountInCents: 2000,
  monthlyAmountInCents: 4000,
  firstDraw: quote.firstDraw,
  subscription,
  sweepstake: { orderId: TRANSACTION, status: "won", prizeText: "een ballonvaart voor twee" },
};
