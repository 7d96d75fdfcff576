import type { Logger } from "pino";
import { withTimeout } from "@/src/lib/with-timeout";

/** Tells the shop that a payment changed, by id only (as Mollie's webhook does). */
export type NotifyShop = (paymentId: string, log: Logger) => Promise<void>;

/**
 * When the shop fails to take a status change in (its database restarting, say), the provider tells it
 * again later, as Mollie retries a webhook that did not get a 2xx: otherwise a paid payment whose player
 * never comes back to the result page would stay an unpaid order without tickets. Compressed from
 * Mollie's 26 hours to about 20 minutes.
 */
export const CALLBACK_RETRY_DELAYS_MS: readonly number[] = [
  1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000,
];

/**
 * Calls `onStatusChange` and waits for it at most `timeoutMs`: the shop's failure or slowness must not
 * strand the player on the payment page, so an error is logged and a slow call left running. A call that
 * fails is made again after each of `retryDelaysMs` in turn until one succeeds.
 */
export function createShopNotifier({
  onStatusChange,
  timeoutMs,
  retryDelaysMs = [],
}: {
  onStatusChange: (paymentId: string) => Promise<void> | void;
  timeoutMs: number;
  retryDelaysMs?: readonly number[];
}): NotifyShop {
  const deliver = (paymentId: string, log: Logger, attempt: number): Promise<void> =>
    Promise.resolve()
      .then(() => onStatusChange(paymentId))
      .catch((error: unknown) => {
        const retryInMs = retryDelaysMs[attempt];
        log.error(
          { err: error, paymentId, attempt: attempt + 1, retryInMs },
          "payment status callback failed",
        );
        if (retryInMs === undefined) return;
        // In the background: the player has long been sent back. Not kept alive for it at shutdown.
        setTimeout(() => void deliver(paymentId, log, attempt + 1), retryInMs).unref();
      });

  return async (paymentId, log) => {
    // `deliver` never rejects (a failure is logged and retried), so only the time limit can.
    await withTimeout(deliver(paymentId, log, 0), timeoutMs).catch(() =>
      log.warn({ paymentId, timeoutMs }, "payment status callback still running"),
    );
  };
}
