import express from "express";
import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import { settleCollection } from "@/src/backend/slices/subscriptions/collections.server";
import { settleWithdrawal } from "@/src/backend/slices/wallet/wallet.server";
import type { DirectDebitProvider } from "@/src/domain/payments/direct-debit-provider";
import { SIMULATOR_PATH } from "../payments/payment-routes.server";
import { CALLBACK_RETRY_DELAYS_MS, createShopNotifier } from "../payments/status-callback.server";
import { createSimulatedDirectDebit } from "./provider.server";
import { createDirectDebitRouter } from "./routes.server";
import { createDebitStorage } from "./storage.server";

/** The simulator's admin page, beside the payment simulator's pages (and proxied with them by a front end). */
export const DIRECT_DEBIT_PATH = `${SIMULATOR_PATH}/incasso`;

/**
 * Direct debits and transfers wired into the shop: the provider adapter (a local simulator of the bank's
 * SEPA collection and transfer services) and its admin page. Like the payment simulator, it tells the shop only *that* a collection
 * changed (its debit id); the shop asks the provider for the status (`settleCollection`), and a call that
 * fails is made again later, as a bank's notification would be.
 */
export function createDirectDebit(options: {
  db: Db;
  logger: Logger;
  now?: () => Date;
  /** Runs the subscription jobs now (the page's button); no button without it. */
  runJobs?: () => Promise<number>;
  /** How long a tester's click waits for the shop to take a decision in. */
  callbackTimeoutMs?: number;
  /** The shop front ends that forward the admin page (SHOP_ORIGINS), whose posts are the tester's own. */
  trustedOrigins?: readonly string[];
}): { provider: DirectDebitProvider; routes: express.Router } {
  const now = options.now ?? (() => new Date());
  const storage = createDebitStorage(options.db);
  const provider = createSimulatedDirectDebit({ storage, logger: options.logger, now });
  const notifyShop = createShopNotifier({
    // A collection of a subscription's or, when none has the id, a transfer of a withdrawal.
    onStatusChange: async (debitId) => {
      const services = {
        db: options.db,
        directDebit: provider,
        logger: options.logger,
        now,
      };
      (await settleCollection(services, debitId)) ?? (await settleWithdrawal(services, debitId));
    },
    timeoutMs: options.callbackTimeoutMs ?? 10_000,
    retryDelaysMs: CALLBACK_RETRY_DELAYS_MS,
  });
  const routes = express.Router();
  routes.use(
    DIRECT_DEBIT_PATH,
    createDirectDebitRouter({
      storage,
      notifyShop,
      logger: options.logger,
      now,
      basePath: DIRECT_DEBIT_PATH,
      runJobs: options.runJobs,
      trustedOrigins: options.trustedOrigins,
    }),
  );
  return { provider, routes };
}
