import express, { type Router } from "express";
import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { noFaults, type PaymentFaults } from "./faults.server";
import { createSimulatedProvider } from "./provider.server";
import { createSimulatorRouter } from "./routes.server";
import { createShopNotifier } from "./status-callback.server";
import { createPaymentStorage } from "./storage.server";

/**
 * A local stand-in for the payment service provider (DESIGN section 6): the shop talks to it through
 * `PaymentProvider`, the player clicks through its pages.
 *
 * Like Mollie, the simulator tells the shop only *that* a payment changed (`onStatusChange(paymentId)`);
 * the shop must ask `getPayment` for the status, so a forged or replayed notification cannot mark an
 * order paid.
 */

export type PaymentSimulatorOptions = {
  db: Db;
  /**
   * Told about every status change the simulator's pages cause, before the browser is sent back to the
   * shop. Awaited (at most `callbackTimeoutMs`); a thrown error is logged and the redirect still happens.
   */
  onStatusChange: (paymentId: string) => Promise<void> | void;
  logger: Logger;
  now?: () => Date;
  /** Where the app mounts `router`; payment pages live at `${basePath}/${paymentId}`. */
  basePath?: string;
  /** How long the player's redirect waits for `onStatusChange` before it goes ahead without it. */
  callbackTimeoutMs?: number;
  /**
   * After a failed `onStatusChange`, how long to wait before each new attempt (none by default; the shop
   * passes CALLBACK_RETRY_DELAYS_MS, as Mollie retries its webhook).
   */
  callbackRetryDelaysMs?: readonly number[];
  /** Injected slowness for load tests (`PAYMENT_SIMULATOR_FAULTS`); none by default. */
  faults?: PaymentFaults;
};

export type PaymentSimulator = { provider: PaymentProvider; router: Router };

export function createPaymentSimulator({
  db,
  onStatusChange,
  logger,
  now = () => new Date(),
  basePath = "/betaalsimulator",
  callbackTimeoutMs = 10_000,
  callbackRetryDelaysMs = [],
  faults = noFaults,
}: PaymentSimulatorOptions): PaymentSimulator {
  const pagePath = (paymentId: string) => `${basePath.replace(/\/+$/, "")}/${paymentId}`;
  const storage = createPaymentStorage({ db, logger });
  const notifyShop = createShopNotifier({
    onStatusChange,
    timeoutMs: callbackTimeoutMs,
    retryDelaysMs: callbackRetryDelaysMs,
  });
  const provider = createSimulatedProvider({ storage, logger, now, pagePath });
  // A slow provider is slow in every answer: the shop's calls and the player's pages alike.
  const router = express.Router();
  router.use((_req, _res, next) => void faults.delay().then(() => next(), next));
  router.use(createSimulatorRouter({ storage, notifyShop, logger, now, pagePath }));
  return {
    provider: {
      async createPayment(input) {
        await faults.delay();
        return provider.createPayment(input);
      },
      async getPayment(paymentId) {
        await faults.delay();
        return provider.getPayment(paymentId);
      },
    },
    router,
  };
}
