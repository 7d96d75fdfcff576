import { readFile } from "node:fs/promises";
import { z } from "zod";

/**
 * Fault injection for the peak-day load test (`npm run bench:peak`): a slow payment service provider.
 * Only when `PAYMENT_SIMULATOR_FAULTS` names a JSON file (`{"delayMs": 5000}`) does every answer of the
 * simulator, its API to the shop and its pages, wait that long first. A file rather than an endpoint:
 * every process of the shop reads the same file, and nothing on the network can switch a fault on.
 */
export type PaymentFaults = {
  /** Waits as long as the fault file asks (not at all without one). */
  delay: () => Promise<void>;
};

const FaultFileSchema = z.object({ delayMs: z.number().int().min(0).max(60_000).default(0) });

/** How long a read of the file counts; the load test switches faults on and off while requests run. */
const RECHECK_MS = 250;

export const noFaults: PaymentFaults = { delay: () => Promise.resolve() };

/** Faults as `file` says; a missing or unreadable file means none. */
export function fileFaults(file: string, now: () => number = Date.now): PaymentFaults {
  let delayMs = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;

  const refresh = async () => {
    try {
      const parsed = FaultFileSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
      delayMs = parsed.success ? parsed.data.delayMs : 0;
    } catch {
      delayMs = 0;
    }
    readAt = now();
  };

  return {
    async delay() {
      if (now() - readAt >= RECHECK_MS) {
        reading ??= refresh().finally(() => {
          reading = undefined;
        });
        await reading;
      }
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    },
  };
}
