import type { Logger } from "pino";
import type { IdinProvider, IdinResult } from "@/src/domain/identity/idin-provider";
import { findIdinIssuer, IDIN_ISSUERS } from "./issuers";
import { type IdinStorage, newTransactionId, type StoredAuthentication } from "./storage.server";

/** Thrown by `start` for a bank that does not offer iDIN (a real provider answers so too). */
export class UnknownIdinIssuerError extends Error {
  constructor(readonly issuerId: string) {
    super(`unknown iDIN issuer ${issuerId}`);
    this.name = "UnknownIdinIssuerError";
  }
}

/** The shop's side of the simulator: the `IdinProvider` the shop calls, as it would call a provider's API. */
export function createSimulatedIdinProvider({
  storage,
  logger,
  pagePath,
}: {
  storage: IdinStorage;
  logger: Logger;
  /** The bank page of an authentication. */
  pagePath: (transactionId: string) => string;
}): IdinProvider {
  return {
    async issuers() {
      return [...IDIN_ISSUERS];
    },

    async start({ issuerId, reference, returnUrl, holder }) {
      const issuer = findIdinIssuer(issuerId);
      if (!issuer) throw new UnknownIdinIssuerError(issuerId);
      const transactionId = newTransactionId();
      await storage.insert({
        id: transactionId,
        issuerId: issuer.id,
        reference,
        returnUrl,
        name: holder?.name ?? null,
        birthDate: holder?.birthDate ?? null,
      });
      logger.info({ transactionId, reference, issuerId: issuer.id }, "iDIN authentication started");
      return { transactionId, redirectUrl: pagePath(transactionId) };
    },

    async result(transactionId) {
      const found = await storage.load(transactionId);
      // An id the provider never issued: as a real provider would, it answers that it failed.
      return found ? toResult(found) : { status: "failed" };
    },
  };
}

function toResult(authentication: StoredAuthentication): IdinResult {
  const { status, name, birthDate } = authentication;
  if (status === "approved" && name && birthDate) return { status: "success", name, birthDate };
  if (status === "approved") return { status: "failed" };
  return { status };
}
