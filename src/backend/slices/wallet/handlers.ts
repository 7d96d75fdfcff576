import { walletBalance } from "@/src/backend/db/ledger/ledger.server";
import { requireValidatedAge } from "@/src/backend/http/age-gate";
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
import {
  depositCreditCard,
  depositIdeal,
  getDeposit,
  getDepositLimit,
  getWallet,
  setDepositLimit as setDepositLimitEndpoint,
  withdraw as withdrawEndpoint,
} from "@/src/contract/wallet";
import { getBalance } from "@/src/contract/wallet-balance";
import { CachePolicy } from "@/src/lib/cache-policy";

/** Runs a wallet call, the player's own; the router answers its refusals (WalletError). */
async function answering<T>(context: HandlerContext, work: () => Promise<T>): Promise<T> {
  context.res.setHeader("Cache-Control", CachePolicy.private);
  return work();
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
  implement(getBalance, async (_input, context) =>
    answering(context, async () => ({
      balanceInCents: await walletBalance(context.services.db, context.player.id),
    })),
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
        useMandateIban: body.useMandateIban,
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
