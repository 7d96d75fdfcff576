import type { PriceDetails } from "@/src/contract/tickets";

/** The next million-game draw on sale, as the price details name it (null there when none is open). */
export type MillionGameDraw = NonNullable<PriceDetails["millionGame"]>;
