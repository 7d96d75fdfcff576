import type { Logger } from "pino";
import { isTemporaryDatabaseError } from "@/src/backend/db/database-errors";
import { findIdealIssuer } from "@/src/domain/payments/ideal-issuers";
import {
  CreatePaymentInputSchema,
  type PaymentInfo,
  type PaymentProvider,
  PaymentProviderUnavailableError,
} from "@/src/domain/payments/payment-provider";
import { newPaymentId, type PaymentStorage, type StoredPayment } from "./storage.server";

/**
 * The simulator's own records live in the shop's database; when that cannot answer now, the simulated
 * provider is unreachable, as a real one behind a network would be (`PaymentProviderUnavailableError`).
 */
async function reachable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw isTemporaryDatabaseError(error) ? new PaymentProviderUnavailableError({ cause: error }) : error;
  }
}

/** The shop's side of the simulator: the `PaymentProvider` the shop calls, as it would call Mollie's API. */
export function createSimulatedProvider({
  storage,
  logger,
  now,
  pagePath,
}: {
  storage: PaymentStorage;
  logger: Logger;
  now: () => Date;
  /** Where the player pays a payment: the simulator's page for it. */
  pagePath: (paymentId: string) => string;
}): PaymentProvider {
  return {
    async createPayment(input) {
      const { reference, amountCents, description, method, issuer, returnUrl } =
        CreatePaymentInputSchema.parse(input);
      const knownIssuer = method === "ideal" ? findIdealIssuer(issuer) : undefined;
      if (method === "ideal" && issuer && !knownIssuer) {
        // The player simply picks a bank on the payment page; refusing would lose the order.
        logger.warn({ reference, issuer }, "unknown iDEAL issuer ignored");
      }
      const paymentId = newPaymentId();
      await reachable(() =>
        storage.insert({
          id: paymentId,
          amountCents,
          description,
          method,
          issuer: knownIssuer?.id ?? null,
          reference,
          returnUrl,
          createdAt: now(),
        }),
      );
      logger.info({ paymentId, reference, amountCents, method }, "payment created");
      return { paymentId, redirectUrl: pagePath(paymentId) };
    },

    async getPayment(paymentId) {
      // The caller learns an expiry from the answer itself, so no notification for it here.
      const found = await reachable(() => storage.load(paymentId, now()));
      return found && toPaymentInfo(found.payment);
    },
  };
}

function toPaymentInfo(payment: StoredPayment): PaymentInfo {
  const issuer = findIdealIssuer(payment.issuer);
  return {
    paymentId: payment.id,
    status: payment.status,
    amountCents: payment.amountCents,
    reference: payment.reference,
    method: payment.method,
    ...(issuer ? { issuer: issuer.id } : {}),
  };
}
