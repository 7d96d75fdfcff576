import type { PriceDetails } from "@/src/contract/tickets";

/** The next million-game draw on sale, as the price details name it (null there when none is open). */
export type MillionGameDraw = NonNullable<PriceDetails["millionGame"]>;

/** The page id the million game is priced for (its block and the basket's links have none of their own). */
export const MILLION_GAME_PAGE_ID = "miljoenenspel";
