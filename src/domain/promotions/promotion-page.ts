import type { OptInId } from "./opt-ins";

/** A promotion block (`promotion`, issue 18) as the shop API serves it. */
export type PromotionPage = {
  pageId: string;
  title: string;
  /** The fixed opt-ins the page asks for, in the editor's order. */
  optIns: readonly OptInId[];
  offerLabel: string;
  /** Where the visitor continues to the offer after signing up. */
  offerPath: string;
};
