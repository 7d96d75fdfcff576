import type { PriceDetails, SaleDraw } from "@/src/contract/tickets";

/** Sample price details for the configurator's tests: December's monthly draw and the year-end draw. */

const priceLines = (kind: "regular" | "yearEnd") => {
  const single =
    kind === "regular"
      ? { WHOLE: [1750, 250], ONE_FIFTH: [350, 50] }
      : { WHOLE: [3000, 250], HALF: [1500, 125] };
  return (["SingleTicket", "Street", "Boulevard"] as const).flatMap((productType) =>
    Object.entries(single).map(([fraction, [price, xl]]) => {
      const units = { SingleTicket: 1, Street: 10, Boulevard: 100 }[productType];
      return {
        productId: `KROON-${productType}-${fraction}`,
        productType,
        fraction: fraction as "WHOLE" | "HALF" | "ONE_FIFTH",
        units,
        pricePerTicketInCents: price! * units,
        pricePerTicketWithAddOnInCents: (price! + xl!) * units,
      };
    }),
  );
};

export const december: SaleDraw = {
  drawId: 1250,
  kind: "regular",
  name: "Maandtrekking december 2030",
  drawDate: "2030-12-10T19:00:00.000Z",
  salesCloseDateTime: "2030-12-10T17:00:00.000Z",
  jackpotInCents: 500_000_000,
  fractions: ["WHOLE", "ONE_FIFTH"],
  prices: priceLines("regular"),
};
export const yearEnd: SaleDraw = {
  drawId: 1251,
  kind: "yearEnd",
  name: "Oudejaarstrekking 2030",
  drawDate: "2030-12-31T23:00:00.000Z",
  salesCloseDateTime: "2030-12-31T17:00:00.000Z",
  jackpotInCents: 3_000_000_000,
  fractions: ["WHOLE", "HALF"],
  prices: priceLines("yearEnd"),
};

export const details: PriceDetails = {
  pageId: "loten-webshop",
  draws: [december, yearEnd],
  multipliers: [1, 2, 3, 4, 5],
  maxQuantity: 20,
  basketUnitLimit: 100,
  millionGame: null,
};
