import { createHash } from "node:crypto";
import { isValidIban, normaliseIban } from "@/src/domain/portal/iban";
import { subscriptionMessages } from "@/src/lib/messages";

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

/**
 * What is wrong with the IBAN a mandate collects from, in the player's words: not a valid IBAN, or not a
 * Dutch one. The form step checks it before the shop API, which checks it again.
 */
export function mandateIbanProblem(iban: string): string | undefined {
  if (!isValidIban(iban)) return subscriptionMessages.iban;
  if (!normaliseIban(iban).startsWith("NL")) return subscriptionMessages.ibanCountry;
  return undefined;
}
