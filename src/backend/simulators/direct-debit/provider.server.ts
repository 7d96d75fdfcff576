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
      const ids = await storage.submit(
        requests.map((request) => ({ ...request, kind: "collection" as const })),
        now(),
      );
      logger.info({ collections: requests.length }, "direct debits submitted");
      return submitted(requests, ids);
    },

    async submitTransfers(requests) {
      const ids = await storage.submit(
        requests.map((request) => ({ ...request, kind: "transfer" as const })),
        now(),
      );
      logger.info({ transfers: requests.length }, "transfers submitted");
      return submitted(requests, ids);
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

/** Each request's debit id, for the references the bank took. */
function submitted(requests: ReadonlyArray<{ reference: string }>, ids: ReadonlyMap<string, string>) {
  return requests.flatMap((request) => {
    const debitId = ids.get(request.reference);
    return debitId ? [{ reference: request.reference, debitId }] : [];
  });
}
