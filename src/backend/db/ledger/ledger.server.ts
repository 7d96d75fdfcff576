import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { ledgerEntries, ledgerTransactions, wallets } from "@/src/backend/db/schema";
import {
  DEFAULT_MONTHLY_DEPOSIT_LIMIT_CENTS,
  isBalanced,
  type LedgerAccount,
  type LedgerKind,
  walletPostings,
} from "@/src/domain/wallet/wallet-rules";

/**
 * The double-entry ledger (DESIGN section 6; decision 14). Every movement of a player's money is one
 * transaction under an idempotency key, with postings that add up to zero (the database checks it again at
 * commit). The balance is the sum of the player's `wallet` entries. A movement out of the wallet first locks
 * the player's wallet row, so two at once take turns and the second sees what the first took: the balance
 * never goes below zero. It lives beside the database (like the job queue) because the checkout and the
 * wallet both post to it.
 */

export type WalletMovement = {
  /** The idempotency key: a movement with a key already posted is not posted again. */
  key: string;
  kind: LedgerKind;
  playerId: string;
  /** Positive into the wallet (deposit, prize, refund), negative out of it (order, withdrawal). */
  walletCents: number;
  description: string;
  /** The shop's account on the other side, when not the kind's own (a refund of a withdrawal: `payouts`). */
  counterAccount?: LedgerAccount;
};

/** A movement out of the wallet larger than the balance; nothing was posted. */
export class InsufficientBalanceError extends Error {
  constructor(readonly balanceCents: number) {
    super("The balance does not cover this movement");
    this.name = "InsufficientBalanceError";
  }
}

/** Creates the player's wallet row (with the default deposit limit) when it does not exist yet. */
export async function ensureWallet(db: Db | Tx, playerId: string): Promise<void> {
  await db
    .insert(wallets)
    .values({ playerId, monthlyDepositLimitCents: DEFAULT_MONTHLY_DEPOSIT_LIMIT_CENTS })
    .onConflictDoNothing({ target: wallets.playerId });
}

/** Locks the player's wallet row for the rest of the transaction (creating it first when needed). */
export async function lockWallet(tx: Tx, playerId: string) {
  await ensureWallet(tx, playerId);
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.playerId, playerId)).for("update");
  if (!wallet) throw new Error(`Wallet of ${playerId} vanished`);
  return wallet;
}

/** The player's balance: the sum of their wallet entries (in a transaction, as that transaction sees it). */
export async function walletBalance(db: Db | Tx, playerId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string | null>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.playerId, playerId), eq(ledgerEntries.account, "wallet")));
  return Number(row?.balance ?? 0);
}

/**
 * Posts a movement in the caller's transaction, once: answers the id of the ledger transaction and whether
 * this call created it (false when its key was posted before). A movement out of the wallet throws
 * `InsufficientBalanceError` when the balance does not cover it.
 */
export async function postWalletMovement(
  tx: Tx,
  movement: WalletMovement,
): Promise<{ transactionId: string; created: boolean }> {
  const postings = walletPostings(movement.kind, movement.walletCents, movement.counterAccount);
  if (!isBalanced(postings)) throw new Error(`Unbalanced postings for ${movement.key}`);
  const debit = movement.walletCents < 0;
  // A debit takes the lock before it looks: a second debit under the same key then sees the first.
  if (debit) await lockWallet(tx, movement.playerId);
  const [existing] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, movement.key));
  if (existing) return { transactionId: existing.id, created: false };
  if (debit) {
    const balance = await walletBalance(tx, movement.playerId);
    if (balance + movement.walletCents < 0) throw new InsufficientBalanceError(balance);
  }
  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      idempotencyKey: movement.key,
      kind: movement.kind,
      playerId: movement.playerId,
      description: movement.description,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!created) {
    // A credit under the same key committed meanwhile (credits do not lock).
    const [raced] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, movement.key));
    if (!raced) throw new Error(`Ledger transaction ${movement.key} neither created nor found`);
    return { transactionId: raced.id, created: false };
  }
  await tx.insert(ledgerEntries).values(
    postings.map((posting) => ({
      transactionId: created.id,
      account: posting.account,
      playerId: posting.account === "wallet" ? movement.playerId : null,
      amountCents: posting.amountCents,
    })),
  );
  return { transactionId: created.id, created: true };
}
