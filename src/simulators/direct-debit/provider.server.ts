import type { Logger } from "pino";
import type { DirectDebitProvider } from "@/src/domain/payments/direct-debit-provider";
import type { DebitStorage } from "./storage.server";

/** The shop's side of the direct-debit simulator: the `DirectDebitProvider` the shop calls, as it would a bank's API. */
export function createSimulatedDirectDebit({
  storage,
  logger,
  now,
}: {
  storage: DebitStorage;
  logger: Logger;
  now: () => Date;
}): DirectDebitProvider {
  return {
    async submitCollections(requests) {
      const ids = await storage.submit(requests, now());
      logger.info({ collections: requests.length }, "direct debits submitted");
      return requests.flatMap((request) => {
        const debitId = ids.get(request.reference);
        return debitId ? [{ reference: request.reference, debitId }] : [];
      });
    },

    async getCollection(debitId) {
      const debit = await storage.load(debitId);
      return (
        debit && {
          debitId: debit.id,
          reference: debit.reference,
          status: debit.status,
          amountCents: debit.amountCents,
        }
      );
    },
  };
}
