import { createHash } from "node:crypto";

const MANDATE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * The mandate id of a sign-up, which the bank shows with every collection: `KRL-` and ten letters and
 * digits derived from the sign-up's transaction id, so the form shows the player the id of the mandate
 * they sign before anything is stored, and the subscription gets that same id once paid.
 */
export function mandateIdFor(transactionId: string): string {
  const digest = createHash("sha256").update(`mandate:${transactionId.toLowerCase()}`).digest();
  let id = "KRL-";
  for (let index = 0; index < 10; index++)
    id += MANDATE_ALPHABET[(digest[index] ?? 0) % MANDATE_ALPHABET.length];
  return id;
}
