import type { MillionGameDraw } from "./million-game-draw";

/** Sample million-game draw for tests: Saturday 14 December 2030, € 1 a ticket, a jackpot of € 3.25 million. */
export const saturdayDraw: MillionGameDraw = {
  drawId: 2301,
  name: "Miljoenenspel 14 december 2030",
  drawDate: "2030-12-14T19:00:00.000Z",
  salesCloseDateTime: "2030-12-14T16:00:00.000Z",
  jackpotInCents: 325_000_000,
  pricePerTicketInCents: 100,
};
