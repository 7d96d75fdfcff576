import { requireValidatedAge } from "@/src/backend/http/age-gate";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import type { SessionPlayer } from "@/src/backend/http/session/session.server";
import {
  depositLimit,
  depositResult,
  setDepositLimit,
  startDeposit,
  type WalletServices,
  walletOverview,
  withdraw,
} from "@/src/backend/slices/wallet/wallet.server";
import { WalletError, type WalletErrorCode } from "@/src/backend/slices/wallet/wallet-error.server";
import {
  depositCreditCard,
  depositIdeal,
  getDeposit,
  getDepositLimit,
  getWallet,
  setDepositLimit as setDepositLimitEndpoint,
  withdraw as withdrawEndpoint,
} from "@/src/contract/wallet";
import { CachePolicy } from "@/src/lib/cache-policy";

const ERROR_STATUS: Record<WalletErrorCode, number> = {
  DepositLimitExceededError: 422,
  InsufficientBalanceError: 422,
  IbanRequiredError: 422,
  IbanAlreadyInUseError: 409,
  TransactionAlreadyProcessedError: 409,
  TransactionRolledbackError: 409,
  NotFound: 404,
};

/** Runs a wallet call; its refusals are answered as problem details with the Dutch reason per field. */
async function answering<T>(context: HandlerContext, work: () => Promise<T>): Promise<T> {
  context.res.setHeader("Cache-Control", CachePolicy.private);
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    const { code, errors } = error;
    throw new HttpProblem(ERROR_STATUS[code], {
      ...(code === "NotFound" ? {} : { code }),
      ...(errors ? { errors } : {}),
    });
  }
}

function services(context: HandlerContext): WalletServices {
  return {
    db: context.services.db,
    payments: context.services.payments,
    logger: context.log,
    now: context.services.now,
  };
}

/** A deposit by either method: only for a player whose age iDIN confirmed (issue 16, item 2). */
function deposit(
  context: HandlerContext & { player: SessionPlayer },
  body: { transactionId: string; amountInCents: number; method: "ideal" | "creditcard"; issuer?: string },
) {
  return answering(context, async () => {
    requireValidatedAge(context.player);
    return startDeposit(services(context), {
      playerId: context.player.id,
      transactionId: body.transactionId,
      amountCents: body.amountInCents,
      method: body.method,
      issuer: body.issuer,
    });
  });
}

/** The wallet (issue 16, items 3 and 6): balance, deposits, the deposit's return, withdrawals, the limit. */
export const walletHandlers = [
  implement(getWallet, async (_input, context) =>
    answering(context, () => walletOverview(services(context), context.player.id)),
  ),

  implement(depositIdeal, async ({ body }, context) => deposit(context, { ...body, method: "ideal" })),

  implement(depositCreditCard, async ({ body }, context) =>
    deposit(context, { ...body, method: "creditcard" }),
  ),

  implement(getDeposit, async ({ params }, context) =>
    answering(context, () => depositResult(services(context), context.player.id, params.transactionId)),
  ),

  implement(withdrawEndpoint, async ({ body }, context) =>
    answering(context, () =>
      withdraw(services(context), {
        playerId: context.player.id,
        transactionId: body.transactionId,
        amountCents: body.amountInCents,
        iban: body.iban,
      }),
    ),
  ),

  implement(getDepositLimit, async (_input, context) =>
    answering(context, () => depositLimit(context.services.db, context.player.id, context.services.now())),
  ),

  implement(setDepositLimitEndpoint, async ({ body }, context) =>
    answering(context, () => setDepositLimit(services(context), context.player.id, body.monthlyLimitInCents)),
  ),
];
