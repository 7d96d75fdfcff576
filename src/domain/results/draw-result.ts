import { z } from "zod";
import { TICKET_NUMBER } from "@/src/domain/tickets/ticket-letters";

/**
 * A published draw result (spec sections 1 and 7; shared/domain.md "Prizes and results"). Amounts are in
 * cents and always a multiple of 10, so a half and a fifth of any prize are exact cents.
 */

const number = z.string().regex(TICKET_NUMBER);
const cents = z
  .number()
  .int()
  .positive()
  .refine((value) => value % 10 === 0, "Prize amounts are multiples of 10 cents");

export const ClassicResultSchema = z.object({
  gameType: z.literal("KROON"),
  /** The jackpot number (letters and all digits); `fell` when it was sold. */
  jackpot: z.object({ number, amountInCents: cents, fell: z.boolean() }),
  nextJackpotInCents: cents,
  /** The chance the jackpot falls next draw, in percent. */
  nextJackpotChancePercent: z.number().min(0).max(100),
  /** Prizes on the full number (letters and digits), highest first. */
  fullNumberPrizes: z.array(z.object({ number, amountInCents: cents })),
  /** The same 5 digits with any letters. */
  sameDigitsPrizes: z.array(z.object({ digits: z.string().regex(/^\d{5}$/), amountInCents: cents })),
  /** Prizes on the last 4, 3, 2 and 1 digits; there is always exactly one 1-digit prize. */
  endDigitPrizes: z.array(z.object({ digits: z.string().regex(/^\d{1,4}$/), amountInCents: cents })),
  /** XL prizes on the begin digits (2 to 5) of the number; paid only on tickets bought with XL. */
  xlPrizes: z.array(z.object({ beginDigits: z.string().regex(/^\d{2,5}$/), amountInCents: cents })),
  /** Numbers next to the top numbers (one higher or lower). */
  consolationPrizes: z.array(z.object({ number, amountInCents: cents })),
});
export type ClassicResult = z.infer<typeof ClassicResultSchema>;

export const MILLION_GAME_COLOURS = ["rood", "oranje", "geel", "groen", "blauw", "paars"] as const;

export const MillionGameResultSchema = z.object({
  gameType: z.literal("MILJOENENSPEL"),
  colour: z.enum(MILLION_GAME_COLOURS),
  jackpot: z.object({ amountInCents: cents, fell: z.boolean(), winners: z.number().int().min(0).max(10) }),
  nextJackpotInCents: cents,
  /** Winning ticket numbers with their prize (the jackpot splits into EUR 1M prizes, at most 10). */
  winningNumbers: z.array(z.object({ number, amountInCents: cents })),
});
export type MillionGameResult = z.infer<typeof MillionGameResultSchema>;

export const DrawResultSchema = z.discriminatedUnion("gameType", [
  ClassicResultSchema,
  MillionGameResultSchema,
]);
export type DrawResult = z.infer<typeof DrawResultSchema>;

export const PRIZE_CATEGORIES = [
  "jackpot",
  "fullNumber",
  "sameDigits",
  "endDigits4",
  "endDigits3",
  "endDigits2",
  "endDigits1",
  "xl",
  "consolation",
  "millionGame",
] as const;
export type PrizeCategory = (typeof PRIZE_CATEGORIES)[number];

/** One prize a ticket wins: the amount after its fraction (and multiplier), and the whole-ticket amount. */
export type TicketPrize = { category: PrizeCategory; amountInCents: number; wholeAmountInCents: number };
