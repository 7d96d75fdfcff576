import type { Logger } from "pino";

/** Tells the shop that a payment changed, by id only (as Mollie's webhook does). */
export type NotifyShop = (paymentId: string, log: Logger) => Promise<void>;

/**
 * Calls `onStatusChange` and waits for it at most `timeoutMs`: the shop's failure or slowness must not
 * strand the player on the payment page, so an error is logged and a slow call left running.
 */
export function createShopNotifier({
  onStatusChange,
  timeoutMs,
}: {
  onStatusChange: (paymentId: string) => Promise<void> | void;
  timeoutMs: number;
}): NotifyShop {
  return async (paymentId, log) => {
    const call = Promise.resolve()
      .then(() => onStatusChange(paymentId))
      .catch((error: unknown) => log.error({ err: error, paymentId }, "payment status callback failed"));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    const outcome = await Promise.race([call, timeout]);
    clearTimeout(timer);
    if (outcome === "timeout") {
      log.warn({ paymentId, timeoutMs }, "payment status callback still running");
    }
  };
}
