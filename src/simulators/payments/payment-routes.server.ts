import express from "express";
import type { Logger } from "pino";
import { z } from "zod";
import type { Db } from "@/src/db/database.server";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { settlePayment } from "@/src/features/tickets/orders.server";
import type { PaymentFaults } from "./faults.server";
import { createPaymentSimulator } from "./simulator.server";
import { CALLBACK_RETRY_DELAYS_MS } from "./status-callback.server";

export const PAYMENT_NOTIFY_PATH = "/api/payments/notify";
export const SIMULATOR_PATH = "/betaalsimulator";

const NotificationSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * Payments wired into the shop: the provider adapter (the local simulator by default), its pages, and the
 * status notification. A notification carries only a payment id (as Mollie's webhook does); the status is
 * asked of the provider, so a forged or replayed notification cannot mark an order paid.
 */
export function createPayments(options: {
  db: Db;
  logger: Logger;
  now?: () => Date;
  /** Injected slowness for load tests; none by default. */
  faults?: PaymentFaults;
}): {
  provider: PaymentProvider;
  routes: express.Router;
} {
  const now = options.now ?? (() => new Date());
  let provider: PaymentProvider | undefined;
  const settle = (paymentId: string) => {
    if (!provider) throw new Error("Payments are not ready");
    return settlePayment({ db: options.db, payments: provider, logger: options.logger, now }, paymentId);
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
  provider = simulator.provider;

  const routes = express.Router();
  routes.use(SIMULATOR_PATH, simulator.router);
  routes.post(
    PAYMENT_NOTIFY_PATH,
    express.urlencoded({ extended: false, limit: "2kb" }),
    async (req, res) => {
      const parsed = NotificationSchema.safeParse(req.body);
      res.setHeader("Cache-Control", "no-store");
      if (!parsed.success) return void res.status(400).type("text/plain").send("Bad request");
      try {
        await settle(parsed.data.id);
        // Unknown ids are answered the same way: a caller learns nothing about which ids exist.
        res.status(200).type("text/plain").send("OK");
      } catch (error) {
        options.logger.error({ err: error }, "payment notification failed");
        // The provider retries a notification that did not get a 2xx.
        res.status(503).type("text/plain").send("Try again");
      }
    },
  );
  return { provider: simulator.provider, routes };
}
