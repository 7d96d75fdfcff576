import { z } from "zod";
import { PAYMENT_METHODS } from "@/src/domain/payments/payment-method";
import {
  LEDGER_KINDS,
  MAX_DEPOSIT_CENTS,
  MAX_MONTHLY_DEPOSIT_LIMIT_CENTS,
  MAX_WITHDRAWAL_CENTS,
  MIN_DEPOSIT_CENTS,
  MIN_MONTHLY_DEPOSIT_LIMIT_CENTS,
  MIN_WITHDRAWAL_CENTS,
} from "@/src/domain/wallet/wallet-rules";
import { walletMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";
import { cents } from "./fields";
import { getBalance } from "./wallet-balance";

/**
 * The wallet (issue 16, items 3 and 6; spec section 7, portal calls): the balance with its pending amounts
 * and recent movements, deposits by iDEAL and credit card through the payment provider, a withdrawal to the
 * player's IBAN and the monthly deposit limit. Amounts are whole cents; the refusals of deposits and
 * withdrawals carry portal codes the catalogue answers with the generic message (spec section 8), and the
 * clear Dutch reason at the field (`errors`).
 */

const iso = z.iso.datetime({ offset: true });
const transactionId = z.uuid();

const amountIn = (min: number, max: number, tooLow: string, tooHigh: string) =>
  z.number({ error: walletMessages.amount }).int(walletMessages.amount).min(min, tooLow).max(max, tooHigh);

const depositAmount = amountIn(
  MIN_DEPOSIT_CENTS,
  MAX_DEPOSIT_CENTS,
  walletMessages.depositMin(MIN_DEPOSIT_CENTS),
  walletMessages.depositMax(MAX_DEPOSIT_CENTS),
);

export const DepositMethodSchema = z.enum(PAYMENT_METHODS);
export const DepositStatusSchema = z.enum(["pending", "paid", "cancelled", "failed", "expired"]);
export type DepositStatus = z.infer<typeof DepositStatusSchema>;

export const DepositLimitSchema = z.object({
  monthlyLimitInCents: cents,
  /** Deposited (or being paid) since the first of this month, Amsterdam time. */
  depositedThisMonthInCents: cents,
  remainingThisMonthInCents: cents,
  /** A raise waiting for its 24 hours. */
  pending: z.object({ limitInCents: cents, from: iso }).nullable(),
});
export type DepositLimit = z.infer<typeof DepositLimitSchema>;

export const WalletTransactionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(LEDGER_KINDS),
  /** Positive into the wallet, negative out of it. */
  amountInCents: z.number().int(),
  description: z.string(),
  at: iso,
});

export const WalletSchema = z.object({
  balanceInCents: cents,
  pendingDepositsInCents: cents,
  pendingWithdrawalsInCents: cents,
  /** The player's IBAN for withdrawals, masked; null when the profile has none. */
  iban: z.string().nullable(),
  /**
   * Without an IBAN on the profile: the account of the player's active direct-debit mandate, masked, which
   * a withdrawal can go to (`useMandateIban`, issue 43); null otherwise.
   */
  mandateIban: z.string().nullable(),
  depositLimit: DepositLimitSchema,
  transactions: z.array(WalletTransactionSchema),
});
export type Wallet = z.infer<typeof WalletSchema>;

const depositBody = z.object({ transactionId, amountInCents: depositAmount });

export const DepositStartedSchema = z.object({
  transactionId,
  status: DepositStatusSchema,
  amountInCents: cents,
  /** Where the browser goes to pay. */
  redirectUrl: z.string(),
});

export const DepositResultSchema = z.object({
  transactionId,
  status: DepositStatusSchema,
  amountInCents: cents,
  balanceInCents: cents,
});
export type DepositResult = z.infer<typeof DepositResultSchema>;

const depositErrors = {
  400: [],
  401: [],
  403: ["AgeValidationRequiredError"],
  409: ["TransactionAlreadyProcessedError", "TransactionRolledbackError"],
  422: ["DepositLimitExceededError"],
} as const;

export const getWallet = defineEndpoint({
  method: "GET",
  path: "/api/my/common/wallet",
  summary: "The player's balance, pending amounts, deposit limit and recent movements",
  slice: "wallet",
  backend: "portal",
  auth: "player",
  response: WalletSchema,
  errors: { 401: [] },
});

export const depositIdeal = defineEndpoint({
  method: "POST",
  path: "/api/my/common/deposit/ideal",
  summary: "Starts a deposit by iDEAL under its transaction id; answers where to pay",
  slice: "wallet",
  backend: "portal",
  auth: "player",
  body: depositBody.extend({ issuer: z.string().max(40).optional() }),
  response: DepositStartedSchema,
  errors: depositErrors,
});

export const depositCreditCard = defineEndpoint({
  method: "POST",
  path: "/api/my/common/deposit/creditcard",
  summary: "Starts a deposit by credit card under its transaction id; answers where to pay",
  slice: "wallet",
  backend: "portal",
  auth: "player",
  body: depositBody,
  response: DepositStartedSchema,
  errors: depositErrors,
});

export const getDeposit = defineEndpoint({
  method: "GET",
  path: "/api/my/common/deposit/{transactionId}",
  summary: "A deposit after the payment page: settled with the provider, with the new balance",
  slice: "wallet",
  backend: "portal",
  auth: "player",
  params: z.object({ transactionId }),
  response: DepositResultSchema,
  errors: { 400: [], 401: [], 404: [] },
});

export const withdraw = defineEndpoint({
  method: "POST",
  path: "/api/my/common/withdrawal",
  summary: "Takes an amount from the balance and sends it to the player's IBAN (stored when given)",
  slice: "wallet",
  backend: "portal",
  auth: "player",
  body: z.object({
    transactionId,
    amountInCents: amountIn(
      MIN_WITHDRAWAL_CENTS,
      MAX_WITHDRAWAL_CENTS,
      walletMessages.withdrawalMin(MIN_WITHDRAWAL_CENTS),
      walletMessages.withdrawalMax(MAX_WITHDRAWAL_CENTS),
    ),
    /** Only when the profile has no IBAN yet: it is checked and stored on the profile. */
    iban: z.string().max(64).optional(),
    /** Without `iban`: to the account of the player's active mandate (stored on the profile as well). */
    useMandateIban: z.boolean().optional(),
  }),
  response: z.object({
    transactionId,
    amountInCents: cents,
    balanceInCents: cents,
    /** The account it goes to, masked. */
    iban: z.string(),
  }),
  errors: {
    400: [],
    401: [],
    409: ["TransactionAlreadyProcessedError", "IbanAlreadyInUseError"],
    422: ["InsufficientBalanceError", "IbanRequiredError"],
  },
});

export const getDepositLimit = defineEndpoint({
  method: "GET",
  path: "/api/my/common/responsible-gaming/deposit-limit",
  summary: "The player's monthly deposit limit, what is left this month and a raise waiting",
  slice: "wallet",
  backend: "portal",
  auth: "player",
  response: DepositLimitSchema,
  errors: { 401: [] },
});

export const setDepositLimit = defineEndpoint({
  method: "PUT",
  path: "/api/my/common/responsible-gaming/deposit-limit",
  summary: "Sets the monthly deposit limit: lower counts at once, higher after 24 hours",
  slice: "wallet",
  backend: "portal",
  auth: "player",
  body: z.object({
    monthlyLimitInCents: amountIn(
      MIN_MONTHLY_DEPOSIT_LIMIT_CENTS,
      MAX_MONTHLY_DEPOSIT_LIMIT_CENTS,
      walletMessages.limit(MIN_MONTHLY_DEPOSIT_LIMIT_CENTS, MAX_MONTHLY_DEPOSIT_LIMIT_CENTS),
      walletMessages.limit(MIN_MONTHLY_DEPOSIT_LIMIT_CENTS, MAX_MONTHLY_DEPOSIT_LIMIT_CENTS),
    ),
  }),
  response: DepositLimitSchema,
  errors: { 400: [], 401: [] },
});

export const walletEndpoints = [
  getWallet,
  getBalance,
  depositIdeal,
  depositCreditCard,
  getDeposit,
  withdraw,
  getDepositLimit,
  setDepositLimit,
] as const;
