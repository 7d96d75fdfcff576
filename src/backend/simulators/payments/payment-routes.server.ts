import express from "express";
import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import { settlePayment } from "@/src/backend/orders/orders.server";
import { settleCollectionPayment } from "@/src/backend/slices/subscriptions/collection-payments.server";
import { settleSubscriptionPayment } from "@/src/backend/slices/subscriptions/sign-up.server";
import { settleDeposit } from "@/src/backend/slices/wallet/wallet.server";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import type { PaymentFaults } from "./faults.server";
import { notificationRoute } from "./notification-route.server";
import { createPaymentSimulator } from "./simulator.server";
import { CALLBACK_RETRY_DELAYS_MS } from "./status-callback.server";

export const PAYMENT_NOTIFY_PATH = "/api/payments/notify";
export const SIMULATOR_PATH = "/betaalsimulator";

/**
 * Payments wired into the shop: the provider adapter (the local simulator by default), its pages, and the
 * status notification (`notificationRoute`). A notification carries only a payment id (as Mollie's webhook
 * does); the status is asked of the provider, so a forged or replayed notification cannot mark an order paid.
 */
export function createPayments(options: {
  db: Db;
  logger: Logger;
  now?: () => Date;
  /** Injected slowness for load tests; none by default. */
  faults?: PaymentFaults;
  /** Told once per ticket order the simulator's notification settles (the metrics). */
  onOrderSettled?: (status: string) => void;
}): {
  provider: PaymentProvider;
  routes: express.Router;
} {
  const now = options.now ?? (() => new Date());
  // Settles with the simulator's provider; only called by requests and callbacks, after it exists. A payment
  // is a ticket order's or, when no order has it, a subscription sign-up's first payment or a deposit.
  const settle = async (paymentId: string) => {
    const services = {
      db: options.db,
      payments: simulator.provider,
      logger: options.logger,
      now,
      onOrderSettled: options.onOrderSettled,
    };
    return (
      (await settlePayment(services, paymentId)) ??
      (await settleSubscriptionPayment(services, paymentId)) ??
      (await settleCollectionPayment(services, paymentId)) ??
      (await settleDeposit(services, paymentId))
    );
  };
  const simulator = createPaymentSimulator({
    db: options.db,
    now,
    basePath: SIMULATOR_PATH,
    logger: options.logger,
    faults: options.faults,
    // A status change the shop failed to take in is told again, as Mollie retries its webhook.
    callbackRetryDelaysMs: CALLBACK_RETRY_DELAYS_MS,
    onStatusChange: async (paymentId) => {
      await settle(paymentId);
    },
  });

  const routes = express.Router();
  routes.use(SIMULATOR_PATH, simulator.router);
  routes.post(PAYMENT_NOTIFY_PATH, notificationRoute({ settle, logger: options.logger }));
  return { provider: simulator.provider, routes };
}
