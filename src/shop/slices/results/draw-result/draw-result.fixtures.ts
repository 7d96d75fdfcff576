import type { DrawSummary } from "@/src/contract/results";
import type { ClassicResult } from "@/src/domain/results/draw-result";

/** Sample published draws and a classic result with every kind of prize, for the result views' tests. */

export function summary(overrides: Partial<DrawSummary> & Pick<DrawSummary, "drawId" | "name">): DrawSummary {
  return {
    slug: overrides.name.toLowerCase().replaceAll(" ", "-"),
    gameType: "KROON",
    kind: "regular",
    drawDate: "2030-11-10T19:00:00.000Z",
    jackpotInCents: 3_000_000_000,
    jackpotFell: false,
    ...overrides,
  };
}

export const november = summary({ drawId: 1249, name: "Maandtrekking november 2030", jackpotFell: true });
export const october = summary({
  drawId: 1248,
  name: "Maandtrekking oktober 2030",
  drawDate: "2030-10-10T18:00:00.000Z",
});
export const september = summary({
  drawId: 1247,
  name: "Maandtrekking september 2030",
  drawDate: "2030-09-10T18:00:00.000Z",
  jackpotFell: true,
});

export const classic: ClassicResult = {
  gameType: "KROON",
  jackpot: { number: "CS45657", amountInCents: 3_000_000_000, fell: true },
  nextJackpotInCents: 750_000_000,
  nextJackpotChancePercent: 62.5,
  fullNumberPrizes: [
    { number: "KL10203", amountInCents: 100_000_000 },
    { number: "MN55501", amountInCents: 10_000_000 },
  ],
  sameDigitsPrizes: [{ digits: "10203", amountInCents: 100_000 }],
  endDigitPrizes: [
    { digits: "0457", amountInCents: 100_000 },
    { digits: "457", amountInCents: 10_000 },
    { digits: "17", amountInCents: 2_500 },
    { digits: "7", amountInCents: 1_000 },
    { digits: "33", amountInCents: 2_500 },
  ],
  xlPrizes: [
    { beginDigits: "20481", amountInCents: 100_000_000 },
    { beginDigits: "204", amountInCents: 25_000 },
    { beginDigits: "91", amountInCents: 5_000 },
  ],
  consolationPrizes: [{ number: "CS45658", amountInCents: 500_000 }],
};
