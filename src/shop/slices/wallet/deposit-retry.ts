import { z } from "zod";

/**
 * A deposit whose payment did not go through sends the player back to `/mijn/saldo` with its transaction
 * id (issue 40): the wallet page asks the portal for that deposit and fills the form in with its amount.
 */
export const DEPOSIT_RETRY_PARAM = "storting";

export function depositRetryPath(transactionId: string): string {
  return `/mijn/saldo?${DEPOSIT_RETRY_PARAM}=${encodeURIComponent(transactionId)}`;
}

/** The deposit to fill the form in with, from the wallet page's address; undefined for anything else. */
export function depositToRetry(url: URL): string | undefined {
  const parsed = z.uuid().safeParse(url.searchParams.get(DEPOSIT_RETRY_PARAM));
  return parsed.success ? parsed.data.toLowerCase() : undefined;
}
