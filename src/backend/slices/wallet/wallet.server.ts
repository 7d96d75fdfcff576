import { and, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { uniqueViolation } from "@/src/backend/db/database-errors";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import {
  InsufficientBalanceError,
  lockWallet,
  postWalletMovement,
  walletBalance,
} from "@/src/backend/db/ledger/ledger.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import {
  deposits,
  ledgerEntries,
  ledgerTransactions,
  players,
  subscriptions,
  wallets,
  withdrawals,
} from "@/src/backend/db/schema";
import type { DepositLimit, DepositResult, DepositStatus, Wallet } from "@/src/contract/wallet";
import type { DirectDebitProvider } from "@/src/domain/payments/direct-debit-provider";
import type { PaymentMethod } from "@/src/domain/payments/payment-method";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { answerPaymentRetry, settledOrderStatus } from "@/src/domain/payments/payment-retry";
import { isValidIban, maskIban, normaliseIban } from "@/src/domain/portal/iban";
import {
  changeDepositLimit,
  DEFAULT_DEPOSIT_LIMIT,
  type DepositLimitSetting,
  effectiveDepositLimit,
  type LedgerKind,
  monthStartInAmsterdam,
  remainingDeposit,
} from "@/src/domain/wallet/wallet-rules";
import { walletMessages } from "@/src/lib/messages";
import { withTimeout } from "@/src/lib/with-timeout";
import { WalletError } from "./wallet-error.server";

/**
 * The wallet (issue 16, items 3 and 6): deposits through the payment provider, withdrawals to the player's
 * IBAN and the monthly deposit limit, every movement posted to the ledger (`src/backend/db/ledger`). Like orders,
 * every step is idempotent on the transaction id of the form, and a deposit's status always comes from the
 * provider, never from what a browser or callback claims.
 */

export type WalletServices = { db: Db; payments: PaymentProvider; logger: Logger; now: () => Date };
type DepositRow = typeof deposits.$inferSelect;

/** How long reading the wallet waits for the provider's word on an open deposit. */
const SETTLE_ON_READ_MS = 1_500;

/** How many movements the wallet shows. */
const RECENT_TRANSACTIONS = 25;

/** Where the payment page sends the player back to after a deposit. */
export function depositReturnPath(transactionId: string): string {
  return `/mijn/saldo/storting?transactionId=${encodeURIComponent(transactionId)}`;
}

/** The limit as stored for the player (the default before the wallet exists), with a due raise applied. */
function limitSetting(row: typeof wallets.$inferSelect | undefined, now: Date): DepositLimitSetting {
  if (!row) return DEFAULT_DEPOSIT_LIMIT;
  return effectiveDepositLimit(
    {
      monthlyLimitCents: row.monthlyDepositLimitCents,
      pendingLimitCents: row.pendingLimitCents,
      pendingFrom: row.pendingLimitFrom,
    },
    now,
  );
}

/** Deposits paid or still being paid since the start of this month: what the limit counts. */
async function depositedThisMonth(db: Db | Tx, playerId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${deposits.amountCents})` })
    .from(deposits)
    .where(
      and(
        eq(deposits.playerId, playerId),
        inArray(deposits.status, ["pending", "paid"]),
        gte(deposits.createdAt, monthStartInAmsterdam(now)),
      ),
    );
  return Number(row?.total ?? 0);
}

function toDepositLimit(setting: DepositLimitSetting, deposited: number): DepositLimit {
  return {
    monthlyLimitInCents: setting.monthlyLimitCents,
    depositedThisMonthInCents: deposited,
    remainingThisMonthInCents: remainingDeposit(setting.monthlyLimitCents, deposited),
    pending:
      setting.pendingLimitCents !== null && setting.pendingFrom
        ? { limitInCents: setting.pendingLimitCents, from: setting.pendingFrom.toISOString() }
        : null,
  };
}

/** The player's deposit limit and what it leaves this month. */
export async function depositLimit(db: Db, playerId: string, now: Date): Promise<DepositLimit> {
  const [row] = await db.select().from(wallets).where(eq(wallets.playerId, playerId));
  return toDepositLimit(limitSetting(row, now), await depositedThisMonth(db, playerId, now));
}

/**
 * Sets the monthly deposit limit (responsible gaming): lower counts at once, higher after 24 hours
 * (decision 14). Under the wallet's lock, so two changes at once take turns.
 */
export async function setDepositLimit(
  services: Pick<WalletServices, "db" | "logger" | "now">,
  playerId: string,
  requestedCents: number,
): Promise<DepositLimit> {
  const now = services.now();
  const setting = await services.db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, playerId);
    const next = changeDepositLimit(limitSetting(wallet, now), requestedCents, now);
    await tx
      .update(wallets)
      .set({
        monthlyDepositLimitCents: next.monthlyLimitCents,
        pendingLimitCents: next.pendingLimitCents,
        pendingLimitFrom: next.pendingFrom,
        limitChangedAt: now,
      })
      .where(eq(wallets.playerId, playerId));
    return next;
  });
  services.logger.info({ raised: setting.pendingLimitCents !== null }, "deposit limit changed");
  return toDepositLimit(setting, await depositedThisMonth(services.db, playerId, now));
}

/**
 * The wallet: the balance from the ledger, the pending amounts, the limit and recent movements. Deposits
 * still open are settled with the provider first, so a payment that ended elsewhere shows as it is.
 */
export async function walletOverview(services: WalletServices, playerId: string): Promise<Wallet> {
  const { db } = services;
  const open = await db
    .select({ paymentId: deposits.paymentId })
    .from(deposits)
    .where(and(eq(deposits.playerId, playerId), eq(deposits.status, "pending")))
    .limit(3);
  // Never held up or broken by the provider: a deposit it cannot answer for now just stays pending.
  await Promise.all(
    open.map(async ({ paymentId }) => {
      if (!paymentId) return;
      try {
        await withTimeout(settleDeposit(services, paymentId), SETTLE_ON_READ_MS);
      } catch (error) {
        services.logger.warn({ err: error, paymentId }, "open deposit not settled while reading the wallet");
      }
    }),
  );

  const [balance, pendingDeposits, pendingWithdrawals, limit, player, recent] = await Promise.all([
    walletBalance(db, playerId),
    sumOf(db, deposits, and(eq(deposits.playerId, playerId), eq(deposits.status, "pending"))),
    sumOf(
      db,
      withdrawals,
      and(eq(withdrawals.playerId, playerId), inArray(withdrawals.status, ["requested", "submitted"])),
    ),
    depositLimit(db, playerId, services.now()),
    db.select({ iban: players.iban }).from(players).where(eq(players.id, playerId)),
    db
      .select({
        id: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        at: ledgerTransactions.createdAt,
        amount: ledgerEntries.amountCents,
      })
      .from(ledgerTransactions)
      .innerJoin(
        ledgerEntries,
        and(eq(ledgerEntries.transactionId, ledgerTransactions.id), eq(ledgerEntries.account, "wallet")),
      )
      .where(eq(ledgerTransactions.playerId, playerId))
      .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerEntries.id))
      .limit(RECENT_TRANSACTIONS),
  ]);
  const iban = player[0]?.iban;
  const mandate = iban ? undefined : await mandateIbanOf(db, playerId);
  return {
    balanceInCents: balance,
    pendingDepositsInCents: pendingDeposits,
    pendingWithdrawalsInCents: pendingWithdrawals,
    iban: iban ? maskIban(iban) : null,
    mandateIban: mandate ? maskIban(mandate) : null,
    depositLimit: limit,
    transactions: recent.map((row) => ({
      id: row.id,
      kind: row.kind as LedgerKind,
      amountInCents: Number(row.amount),
      description: row.description,
      at: row.at.toISOString(),
    })),
  };
}

async function sumOf(
  db: Db,
  table: typeof deposits | typeof withdrawals,
  where: ReturnType<typeof and>,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${table.amountCents})` })
    .from(table)
    .where(where);
  return Number(row?.total ?? 0);
}

export type DepositRequest = {
  playerId: string;
  transactionId: string;
  amountCents: number;
  method: PaymentMethod;
  issuer?: string;
};

export type DepositStarted = {
  transactionId: string;
  status: DepositStatus;
  amountInCents: number;
  redirectUrl: string;
};

async function findDeposit(db: Db, transactionId: string): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.transactionId, transactionId)).limit(1);
  return row;
}

/** What makes two deposit requests under one transaction id the same deposit. */
const depositHash = (method: string, amountCents: number) => `${method}:${amountCents}`;

/**
 * Starts a deposit (POST /api/my/common/deposit/ideal and /creditcard): checks the month's limit under the
 * wallet's lock (so two deposits at once cannot both pass it), stores the deposit under its transaction
 * id, then creates the payment. The same request again answers the same open payment.
 */
export async function startDeposit(
  services: WalletServices,
  request: DepositRequest,
): Promise<DepositStarted> {
  const { db, payments, logger } = services;
  const now = services.now();
  const created = await db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, request.playerId);
    const [existing] = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.transactionId, request.transactionId));
    if (existing) return undefined;
    const remaining = remainingDeposit(
      limitSetting(wallet, now).monthlyLimitCents,
      await depositedThisMonth(tx, request.playerId, now),
    );
    if (request.amountCents > remaining) {
      throw new WalletError("DepositLimitExceededError", {
        amountInCents: [walletMessages.depositLimitReached(remaining)],
      });
    }
    const [row] = await tx
      .insert(deposits)
      .values({
        transactionId: request.transactionId,
        playerId: request.playerId,
        method: request.method,
        amountCents: request.amountCents,
        status: "pending",
      })
      .onConflictDoNothing({ target: deposits.transactionId })
      .returning();
    return row;
  });
  if (!created) {
    const existing = await findDeposit(db, request.transactionId);
    if (!existing) throw new WalletError("TransactionRolledbackError");
    return answerDepositRetry(services, existing, request);
  }

  let payment: { paymentId: string; redirectUrl: string };
  try {
    payment = await payments.createPayment({
      reference: created.id,
      amountCents: created.amountCents,
      description: `Kroonloterij storting ${created.id.slice(0, 8).toUpperCase()}`,
      method: request.method,
      issuer: request.issuer,
      returnUrl: depositReturnPath(request.transactionId),
    });
  } catch (error) {
    logger.error({ err: error, depositId: created.id }, "deposit payment could not be created");
    await db
      .update(deposits)
      .set({ status: "failed", completedAt: services.now() })
      .where(eq(deposits.id, created.id));
    throw new WalletError("TransactionRolledbackError");
  }
  await db
    .update(deposits)
    .set({ paymentId: payment.paymentId, paymentUrl: payment.redirectUrl })
    .where(eq(deposits.id, created.id));
  logger.info({ depositId: created.id, amountCents: created.amountCents }, "deposit started");
  return {
    transactionId: request.transactionId,
    status: "pending",
    amountInCents: created.amountCents,
    redirectUrl: payment.redirectUrl,
  };
}

async function answerDepositRetry(
  services: WalletServices,
  deposit: DepositRow,
  request: DepositRequest,
): Promise<DepositStarted> {
  const verdict = await answerPaymentRetry(
    { ...deposit, contentHash: depositHash(deposit.method, deposit.amountCents) },
    { playerId: request.playerId, contentHash: depositHash(request.method, request.amountCents) },
    {
      reload: async () => {
        const row = await findDeposit(services.db, deposit.transactionId);
        return row && { ...row, contentHash: depositHash(row.method, row.amountCents) };
      },
      settle: (paymentId) => settleDeposit(services, paymentId),
    },
  );
  if (verdict.outcome === "alreadyProcessed") throw new WalletError("TransactionAlreadyProcessedError");
  if (verdict.outcome === "rolledBack") throw new WalletError("TransactionRolledbackError");
  return {
    transactionId: deposit.transactionId,
    status: "pending",
    amountInCents: deposit.amountCents,
    redirectUrl: verdict.paymentUrl,
  };
}

/**
 * Brings a deposit in line with its payment as the provider reports it; a paid one is credited to the
 * wallet, and its e-mail queued, in the same transaction that marks it paid (one conditional update wins,
 * and the ledger's key `deposit:{id}` makes a second credit impossible anyway). Answers undefined when no deposit has the
 * payment id (it may be an order's).
 */
export async function settleDeposit(
  services: WalletServices,
  paymentId: string,
): Promise<DepositStatus | undefined> {
  const { db, payments, logger } = services;
  const [deposit] = await db.select().from(deposits).where(eq(deposits.paymentId, paymentId)).limit(1);
  if (!deposit) return undefined;
  if (deposit.status !== "pending") return deposit.status as DepositStatus;
  const verdict = settledOrderStatus(await payments.getPayment(paymentId), deposit.amountCents);
  if (!verdict) return "pending";
  if (verdict.amountMismatch) {
    logger.error({ depositId: deposit.id, paymentId }, "deposit payment amount differs from the deposit");
  }
  const won = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(deposits)
      .set({ status: verdict.status, completedAt: services.now() })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, "pending")))
      .returning();
    if (!updated) return false;
    if (verdict.status === "paid") {
      await postWalletMovement(tx, {
        key: `deposit:${deposit.id}`,
        kind: "deposit",
        playerId: deposit.playerId,
        walletCents: deposit.amountCents,
        description: `Storting via ${deposit.method === "ideal" ? "iDEAL" : "creditcard"}`,
      });
      await queueDepositMail(tx, deposit);
    }
    return true;
  });
  if (won) {
    logger.info({ depositId: deposit.id, status: verdict.status }, "deposit settled");
    return verdict.status;
  }
  const [final] = await db
    .select({ status: deposits.status })
    .from(deposits)
    .where(eq(deposits.id, deposit.id));
  return (final?.status as DepositStatus | undefined) ?? verdict.status;
}

/** Tells the player the deposit is in the wallet, with the balance after it; once per deposit. */
async function queueDepositMail(tx: Tx, deposit: DepositRow): Promise<void> {
  const [player] = await tx
    .select({ email: players.email, firstName: players.firstName })
    .from(players)
    .where(eq(players.id, deposit.playerId));
  if (!player) return;
  await queueEmail(tx, {
    kind: "deposit",
    recipient: player.email,
    playerId: deposit.playerId,
    data: {
      firstName: player.firstName,
      amountCents: deposit.amountCents,
      balanceCents: await walletBalance(tx, deposit.playerId),
    },
    key: `deposit:${deposit.id}`,
  });
}

/** A deposit after the payment page, for its player: settled with the provider when still open. */
export async function depositResult(
  services: WalletServices,
  playerId: string,
  transactionId: string,
): Promise<DepositResult> {
  let deposit = await findDeposit(services.db, transactionId);
  if (!deposit || deposit.playerId !== playerId) throw new WalletError("NotFound");
  if (deposit.status === "pending" && deposit.paymentId) {
    await settleDeposit(services, deposit.paymentId);
    deposit = (await findDeposit(services.db, transactionId)) ?? deposit;
  }
  return {
    transactionId,
    status: deposit.status as DepositStatus,
    amountInCents: deposit.amountCents,
    balanceInCents: await walletBalance(services.db, playerId),
  };
}

export type WithdrawalRequest = {
  playerId: string;
  transactionId: string;
  amountCents: number;
  /** Only used when the profile has no IBAN: checked and stored on the profile. */
  iban?: string;
  /** Without `iban`: the account of the player's active mandate (issue 43). */
  useMandateIban?: boolean;
};

export type WithdrawalDone = {
  transactionId: string;
  amountInCents: number;
  balanceInCents: number;
  iban: string;
};

/**
 * Takes an amount from the balance for the player's IBAN (one transaction: the withdrawal, its ledger
 * movement and its e-mail, under the wallet's lock, so two withdrawals at once never take more than the balance). The
 * same transaction id again answers the first withdrawal; with another amount it is refused.
 */
export async function withdraw(
  services: Pick<WalletServices, "db" | "logger">,
  request: WithdrawalRequest,
): Promise<WithdrawalDone> {
  const { db } = services;
  try {
    const done = await db.transaction(async (tx) => {
      await lockWallet(tx, request.playerId);
      const [previous] = await tx
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.transactionId, request.transactionId));
      if (previous) {
        if (previous.playerId !== request.playerId || previous.amountCents !== request.amountCents) {
          throw new WalletError("TransactionAlreadyProcessedError");
        }
        return { row: previous, balance: await walletBalance(tx, request.playerId) };
      }
      const iban = await payoutIban(tx, request);
      const [row] = await tx
        .insert(withdrawals)
        .values({
          transactionId: request.transactionId,
          playerId: request.playerId,
          amountCents: request.amountCents,
          iban,
          status: "requested",
        })
        .returning();
      if (!row) throw new Error("Insert returned no withdrawal");
      await postWalletMovement(tx, {
        key: `withdrawal:${row.id}`,
        kind: "withdrawal",
        playerId: request.playerId,
        walletCents: -request.amountCents,
        description: `Opname naar ${maskIban(iban)}`,
      });
      await queueWithdrawalMail(tx, row);
      // To the bank at once (the job's run after this commits); the hourly sweep catches what it misses.
      await enqueueJob(tx, { name: SUBMIT_WITHDRAWALS_JOB, payload: {} });
      return { row, balance: await walletBalance(tx, request.playerId) };
    });
    services.logger.info({ withdrawalId: done.row.id, amountCents: done.row.amountCents }, "withdrawal");
    return {
      transactionId: request.transactionId,
      amountInCents: done.row.amountCents,
      balanceInCents: done.balance,
      iban: maskIban(done.row.iban),
    };
  } catch (error) {
    if (error instanceof InsufficientBalanceError) {
      throw new WalletError("InsufficientBalanceError", {
        amountInCents: [walletMessages.insufficientBalance(error.balanceCents)],
      });
    }
    const violated = uniqueViolation(error);
    if (violated?.includes("iban")) {
      throw new WalletError("IbanAlreadyInUseError", { iban: [walletMessages.iban] });
    }
    if (violated?.includes("transaction_id")) throw new WalletError("TransactionAlreadyProcessedError");
    throw error;
  }
}

/** Tells the player the withdrawal is on its way to their account; once per withdrawal. */
async function queueWithdrawalMail(tx: Tx, withdrawal: typeof withdrawals.$inferSelect): Promise<void> {
  const [player] = await tx
    .select({ email: players.email, firstName: players.firstName })
    .from(players)
    .where(eq(players.id, withdrawal.playerId));
  if (!player) return;
  await queueEmail(tx, {
    kind: "withdrawal",
    recipient: player.email,
    playerId: withdrawal.playerId,
    data: {
      firstName: player.firstName,
      amountCents: withdrawal.amountCents,
      ibanMasked: maskIban(withdrawal.iban),
    },
    key: `withdrawal:${withdrawal.id}`,
  });
}

/** The IBAN to pay out to: the profile's, else the one given (valid, then stored on the profile). */
async function payoutIban(tx: Tx, request: WithdrawalRequest): Promise<string> {
  const [player] = await tx
    .select({ iban: players.iban })
    .from(players)
    .where(eq(players.id, request.playerId));
  if (player?.iban) return player.iban;
  const given =
    request.iban?.trim() || (request.useMandateIban ? await mandateIbanOf(tx, request.playerId) : undefined);
  if (!given) {
    throw new WalletError("IbanRequiredError", { iban: [walletMessages.ibanRequired] });
  }
  if (!isValidIban(given)) throw new WalletError("IbanRequiredError", { iban: [walletMessages.iban] });
  const iban = normaliseIban(given);
  // Another player's account: on their profile, or the mandate of one of their subscriptions (issue 43).
  const [taken] = await tx.select({ id: players.id }).from(players).where(eq(players.iban, iban)).limit(1);
  const [mandate] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.iban, iban), ne(subscriptions.playerId, request.playerId)))
    .limit(1);
  if (taken || mandate) throw new WalletError("IbanAlreadyInUseError", { iban: [walletMessages.ibanTaken] });
  await tx.update(players).set({ iban }).where(eq(players.id, request.playerId));
  return iban;
}

/** The IBAN of the player's latest active direct-debit mandate, if any (issue 43). */
async function mandateIbanOf(db: Db | Tx, playerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ iban: subscriptions.iban })
    .from(subscriptions)
    .where(and(eq(subscriptions.playerId, playerId), eq(subscriptions.status, "active")))
    .orderBy(desc(subscriptions.startedAt))
    .limit(1);
  return row?.iban;
}

/** The job that hands requested withdrawals to the bank as transfers (decision 13). */
export const SUBMIT_WITHDRAWALS_JOB = "submit-withdrawals";

/** How many withdrawals one run hands to the bank. */
const TRANSFER_BATCH = 200;

export type PayoutServices = {
  db: Db;
  directDebit: DirectDebitProvider;
  logger: Logger;
  now: () => Date;
};

/**
 * Hands requested withdrawals to the bank as SEPA transfers (the `submit-withdrawals` job, queued with each
 * withdrawal and swept every hour). The bank takes a reference once, so a run that dies halfway and runs
 * again submits nothing twice. Answers how many were submitted.
 */
export async function submitWithdrawals(services: PayoutServices): Promise<number> {
  const { db, directDebit, logger } = services;
  const requested = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.status, "requested"))
    .orderBy(withdrawals.createdAt)
    .limit(TRANSFER_BATCH);
  if (requested.length === 0) return 0;
  const submitted = await directDebit.submitTransfers(
    requested.map((withdrawal) => ({
      reference: `withdrawal:${withdrawal.id}`,
      iban: withdrawal.iban,
      amountCents: withdrawal.amountCents,
      description: `Kroonloterij opname ${withdrawal.id.slice(0, 8).toUpperCase()}`,
    })),
  );
  for (const { reference, debitId } of submitted) {
    await db
      .update(withdrawals)
      .set({ status: "submitted", payoutId: debitId })
      .where(
        and(eq(withdrawals.id, reference.slice("withdrawal:".length)), eq(withdrawals.status, "requested")),
      );
  }
  logger.info({ transfers: submitted.length }, "withdrawals submitted to the bank");
  return submitted.length;
}

/**
 * Brings a withdrawal in line with its transfer as the bank reports it: sent, or refused, in which case the
 * amount goes back into the wallet (a `refund` against `payouts`, key `refund:withdrawal:{id}`) in the same
 * transaction. Answers undefined when no withdrawal has this id (it is a collection's).
 */
export async function settleWithdrawal(
  services: PayoutServices,
  payoutId: string,
): Promise<"submitted" | "sent" | "returned" | undefined> {
  const { db, directDebit, logger, now } = services;
  const [withdrawal] = await db.select().from(withdrawals).where(eq(withdrawals.payoutId, payoutId));
  if (!withdrawal) return undefined;
  if (withdrawal.status !== "submitted") return withdrawal.status as "sent" | "returned";
  const info = await directDebit.getCollection(payoutId);
  if (!info || info.status === "submitted") return "submitted";
  const status = info.status === "paid" ? "sent" : "returned";
  const changed = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(withdrawals)
      .set({ status, sentAt: status === "sent" ? now() : null })
      .where(and(eq(withdrawals.id, withdrawal.id), eq(withdrawals.status, "submitted")))
      .returning({ id: withdrawals.id });
    if (!updated) return false;
    if (status === "returned") {
      await postWalletMovement(tx, {
        key: `refund:withdrawal:${withdrawal.id}`,
        kind: "refund",
        playerId: withdrawal.playerId,
        walletCents: withdrawal.amountCents,
        description: `Opname naar ${maskIban(withdrawal.iban)} kwam niet aan`,
        counterAccount: "payouts",
      });
    }
    return true;
  });
  if (changed) logger.info({ withdrawalId: withdrawal.id, status }, "withdrawal settled");
  return status;
}

/** Transfers the bank has not answered for this long are asked about again. */
const RECONCILE_AFTER_MS = 3_600_000;

/**
 * Asks the bank again about transfers submitted over an hour ago, should its notification have been lost
 * (a restart, a network failure): each is settled as the bank answers now.
 */
export async function reconcileWithdrawals(services: PayoutServices): Promise<number> {
  const before = new Date(services.now().getTime() - RECONCILE_AFTER_MS);
  const waiting = await services.db
    .select({ payoutId: withdrawals.payoutId })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, "submitted"), lt(withdrawals.createdAt, before)))
    .limit(TRANSFER_BATCH);
  let settled = 0;
  for (const { payoutId } of waiting) {
    if (payoutId && (await settleWithdrawal(services, payoutId)) !== "submitted") settled++;
  }
  return settled;
}
