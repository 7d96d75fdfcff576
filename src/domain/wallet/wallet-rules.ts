import { amsterdamFields, amsterdamTime } from "@/src/lib/amsterdam-time";

/**
 * The wallet's rules (issue 16, items 3, 5 and 6; shared/domain.md, "Wallet and age" and "Responsible
 * gaming"). Pure: amounts, the double-entry postings, the deposit limit and which prizes are paid in.
 * Money is integer cents.
 */

/** The smallest deposit and the largest single deposit or withdrawal (choice). */
export const MIN_DEPOSIT_CENTS = 500;
export const MAX_DEPOSIT_CENTS = 100_000;
export const MIN_WITHDRAWAL_CENTS = 100;
export const MAX_WITHDRAWAL_CENTS = 1_000_000;

/** Online prizes up to EUR 10,100 are paid into the wallet; higher prizes are claimed (shared/domain.md). */
export const AUTOMATIC_PRIZE_LIMIT_CENTS = 1_010_000;

/**
 * The monthly deposit limit (responsible gaming). Choice: every player starts at EUR 500 a month, can set
 * anything from EUR 10 to EUR 5,000; lowering counts at once, raising only after 24 hours, so a limit is
 * never raised in the heat of the moment (decision 14).
 */
export const DEFAULT_MONTHLY_DEPOSIT_LIMIT_CENTS = 50_000;
export const MIN_MONTHLY_DEPOSIT_LIMIT_CENTS = 1_000;
export const MAX_MONTHLY_DEPOSIT_LIMIT_CENTS = 500_000;
export const LIMIT_RAISE_DELAY_MS = 24 * 3_600_000;

/** What a ledger transaction records (DESIGN section 6: every movement of money is one). */
export const LEDGER_KINDS = ["deposit", "order", "prize", "refund", "withdrawal"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The ledger's accounts. `wallet` is one account per player (the shop owes the player this); the others
 * are the shop's own: money received through the payment provider, ticket sales paid from a balance,
 * prizes paid out and money sent back to players' bank accounts.
 */
export const LEDGER_ACCOUNTS = ["wallet", "psp", "sales", "prizes", "payouts"] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** One line of a transaction: a positive amount adds to the account, a negative one takes from it. */
export type Posting = { account: LedgerAccount; amountCents: number };

/**
 * The two postings of a movement between a player's wallet and one of the shop's accounts. A positive
 * `walletCents` credits the wallet (deposit, prize, refund), a negative one debits it (order, withdrawal).
 * A refund goes back against the account the money went to (`sales` for an order, `payouts` for a
 * withdrawal the bank refused).
 */
export function walletPostings(
  kind: LedgerKind,
  walletCents: number,
  counterAccount: LedgerAccount = COUNTER_ACCOUNT[kind],
): Posting[] {
  if (!Number.isSafeInteger(walletCents) || walletCents === 0) {
    throw new RangeError(`A ledger movement is a non-zero whole number of cents, got ${walletCents}`);
  }
  const expectedSign = kind === "order" || kind === "withdrawal" ? -1 : 1;
  if (Math.sign(walletCents) !== expectedSign) {
    throw new RangeError(`A ${kind} moves money ${expectedSign > 0 ? "into" : "out of"} the wallet`);
  }
  return [
    { account: "wallet", amountCents: walletCents },
    { account: counterAccount, amountCents: -walletCents },
  ];
}

const COUNTER_ACCOUNT: Record<LedgerKind, LedgerAccount> = {
  deposit: "psp",
  order: "sales",
  prize: "prizes",
  refund: "sales",
  withdrawal: "payouts",
};

/** A transaction balances when its postings add up to zero and none is zero. */
export function isBalanced(postings: readonly Posting[]): boolean {
  return (
    postings.length >= 2 &&
    postings.every((posting) => Number.isSafeInteger(posting.amountCents) && posting.amountCents !== 0) &&
    postings.reduce((sum, posting) => sum + posting.amountCents, 0) === 0
  );
}

/**
 * Reads an amount in euros as a player types it: `25`, `25,50`, `25.5`, `€ 1.000,00`. Answers cents, or
 * undefined for anything else (letters, more than two decimals, a negative sign, nothing).
 */
export function parseEuroAmount(input: string): number | undefined {
  const text = input.replace(/[\s\u00a0€]/g, "");
  let decimal: string;
  // Dutch thousands separators (`1.000,50`): three digits after each dot, the comma is the decimal mark.
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) decimal = text.replace(/\./g, "").replace(",", ".");
  else if (/^\d+([.,]\d{1,2})?$/.test(text)) decimal = text.replace(",", ".");
  else return undefined;
  const [whole = "0", fraction = ""] = decimal.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** An amount in cents as a player would type it in the amount field (`25`, `12,50`): `parseEuroAmount` reads it back. */
export function euroAmountInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, "0")}`;
}

/** The limit's state as stored: the limit now, and a raise that counts from `pendingFrom`. */
export type DepositLimitSetting = {
  monthlyLimitCents: number;
  pendingLimitCents: number | null;
  pendingFrom: Date | null;
};

export const DEFAULT_DEPOSIT_LIMIT: DepositLimitSetting = {
  monthlyLimitCents: DEFAULT_MONTHLY_DEPOSIT_LIMIT_CENTS,
  pendingLimitCents: null,
  pendingFrom: null,
};

/** The limit that counts at `now`: a raise whose 24 hours have passed has taken over. */
export function effectiveDepositLimit(setting: DepositLimitSetting, now: Date): DepositLimitSetting {
  if (setting.pendingLimitCents !== null && setting.pendingFrom && setting.pendingFrom <= now) {
    return { monthlyLimitCents: setting.pendingLimitCents, pendingLimitCents: null, pendingFrom: null };
  }
  return setting;
}

/**
 * A new limit asked for at `now`: lower (or the same) counts at once and drops a pending raise; higher
 * counts from 24 hours later, the current limit staying until then.
 */
export function changeDepositLimit(
  current: DepositLimitSetting,
  requestedCents: number,
  now: Date,
): DepositLimitSetting {
  const effective = effectiveDepositLimit(current, now);
  if (requestedCents <= effective.monthlyLimitCents) {
    return { monthlyLimitCents: requestedCents, pendingLimitCents: null, pendingFrom: null };
  }
  return {
    monthlyLimitCents: effective.monthlyLimitCents,
    pendingLimitCents: requestedCents,
    pendingFrom: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS),
  };
}

/** What can still be deposited this month: the limit minus what was deposited or is being paid. */
export function remainingDeposit(limitCents: number, depositedThisMonthCents: number): number {
  return Math.max(0, limitCents - depositedThisMonthCents);
}

/** The start of the calendar month of `now` in Amsterdam, as an instant: the limit's period. */
export function monthStartInAmsterdam(now: Date): Date {
  const { year, month } = amsterdamFields(now);
  return amsterdamTime(year, month, 1);
}

/** Whether a ticket's prize is paid into the wallet (true) or is claimed with customer service (false). */
export function isPaidIntoWallet(prizeCents: number): boolean {
  return prizeCents > 0 && prizeCents <= AUTOMATIC_PRIZE_LIMIT_CENTS;
}
