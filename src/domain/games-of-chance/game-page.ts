import type { OptInId } from "../promotions/opt-ins";
import type { EligibilityRule, EntryMethod } from "./game-rules";

/** A game of chance block (`gameOfChance`, issue 19) as the shop API serves it. */
export type GamePage = {
  pageId: string;
  title: string;
  prizeText: string;
  numberOfPrizes: number;
  startsAt: Date;
  endsAt: Date;
  maxParticipations: number;
  rule: EligibilityRule;
  entryMethods: readonly EntryMethod[];
  optIns: readonly OptInId[];
  requiredOptIns: readonly OptInId[];
};
