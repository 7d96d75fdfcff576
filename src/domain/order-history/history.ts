/**
 * A player's orders and payments in one list (issue 43, `/mijn/bestellingen`): every basket order, gift,
 * subscription sign-up, collection, payment of an outstanding amount, deposit, withdrawal and refund, each
 * with its own state and the outcome the filter groups them by.
 */

export const HISTORY_KINDS = [
  "tickets",
  "gift",
  "subscription",
  "collection",
  "collectionPayment",
  "deposit",
  "withdrawal",
  "refund",
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** What the list can be narrowed to: a group of kinds, as a player thinks of them. */
export const HISTORY_GROUPS = {
  loten: ["tickets", "gift"],
  abonnementen: ["subscription", "collection", "collectionPayment"],
  saldo: ["deposit", "withdrawal", "refund"],
} as const satisfies Record<string, readonly HistoryKind[]>;
export type HistoryGroup = keyof typeof HISTORY_GROUPS;
export const HISTORY_GROUP_NAMES = Object.keys(HISTORY_GROUPS) as [HistoryGroup, ...HistoryGroup[]];

/** Open (waiting for the payment or the bank), completed, or not completed (cancelled, failed, refused). */
export const HISTORY_OUTCOMES = ["open", "completed", "unsuccessful"] as const;
export type HistoryOutcome = (typeof HISTORY_OUTCOMES)[number];

/** How a row was paid or moved. */
export const HISTORY_METHODS = ["ideal", "creditcard", "balance", "directDebit", "bankTransfer"] as const;
export type HistoryMethod = (typeof HISTORY_METHODS)[number];

/** The states the tables keep, and the outcome each stands for. */
export const STATUS_OUTCOME: Record<string, HistoryOutcome> = {
  pending: "open",
  submitted: "open",
  requested: "open",
  paid: "completed",
  sent: "completed",
  redeemed: "completed",
  credited: "completed",
  cancelled: "unsuccessful",
  failed: "unsuccessful",
  expired: "unsuccessful",
  superseded: "unsuccessful",
  returned: "unsuccessful",
};

export function outcomeOf(status: string): HistoryOutcome {
  return STATUS_OUTCOME[status] ?? "open";
}

/** The states that stand for an outcome (the filter's `where`). */
export function statusesOf(outcome: HistoryOutcome): string[] {
  return Object.entries(STATUS_OUTCOME).flatMap(([status, of]) => (of === outcome ? [status] : []));
}

export const HISTORY_PAGE_SIZE = 20;
/** Pages beyond this are not offered: about 20 years of a weekly subscription. */
export const HISTORY_MAX_PAGE = 100;
