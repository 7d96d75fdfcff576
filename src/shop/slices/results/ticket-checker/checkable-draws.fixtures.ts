import type { DrawSummary } from "@/src/contract/results";

/** Checkable draws for the ticket checker's tests, newest first: a monthly, a million-game and a year-end draw. */

export const november: DrawSummary = {
  drawId: 1249,
  name: "Maandtrekking november 2030",
  slug: "maandtrekking-november-2030",
  gameType: "KROON",
  kind: "regular",
  drawDate: "2030-11-10T19:00:00.000Z",
  jackpotInCents: 3_000_000_000,
  jackpotFell: true,
};
export const yearEnd: DrawSummary = {
  ...november,
  drawId: 1240,
  name: "Oudejaarstrekking 2029",
  slug: "oudejaarstrekking-2029",
  kind: "yearEnd",
  drawDate: "2029-12-31T23:00:00.000Z",
};
export const millionGame: DrawSummary = {
  ...november,
  drawId: 2301,
  name: "Miljoenenspel 9 november 2030",
  slug: "miljoenenspel-9-november-2030",
  gameType: "MILJOENENSPEL",
  kind: "weekly",
  drawDate: "2030-11-09T19:00:00.000Z",
};
export const draws = [november, millionGame, yearEnd];
