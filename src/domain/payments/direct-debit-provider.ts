/**
 * The shop's view of the bank's SEPA services (DESIGN section 6, "outside parties behind adapters"): the
 * shop submits collections under a signed mandate, and transfers (payouts of withdrawals) to a player's
 * IBAN, and afterwards trusts only what `getCollection` says of either. A local simulator stands in for the
 * bank (src/backend/simulators/direct-debit).
 */

export type DirectDebitStatus = "submitted" | "paid" | "failed";

export type CollectionRequest = {
  /** The shop's own id of the collection; returned as is, one collection per reference. */
  reference: string;
  iban: string;
  mandateId: string;
  amountCents: number;
  /** On the payer's bank statement. */
  description: string;
};

/** A SEPA credit transfer to a player's account (a withdrawal from the wallet). */
export type TransferRequest = {
  /** The shop's own id of the transfer; one transfer per reference. */
  reference: string;
  iban: string;
  amountCents: number;
  /** On the player's bank statement. */
  description: string;
};

export type SubmittedCollection = { reference: string; debitId: string };

export type CollectionInfo = {
  debitId: string;
  reference: string;
  status: DirectDebitStatus;
  amountCents: number;
};

export interface DirectDebitProvider {
  /**
   * Submits collections; a reference submitted before answers its existing debit id (idempotent). Throws
   * when the service cannot be reached, so the caller retries later.
   */
  submitCollections(requests: readonly CollectionRequest[]): Promise<SubmittedCollection[]>;
  /** Submits transfers, idempotent per reference like collections; throws when the bank cannot be reached. */
  submitTransfers(requests: readonly TransferRequest[]): Promise<SubmittedCollection[]>;
  /** The service's current word on a collection or a transfer; undefined for an id it does not know. */
  getCollection(debitId: string): Promise<CollectionInfo | undefined>;
}
