import type { IdinIssuer } from "@/src/domain/identity/idin-provider";
import { IDEAL_ISSUERS } from "@/src/domain/payments/ideal-issuers";

/** The banks offering iDIN in the simulator: the iDEAL banks, less those that never joined iDIN. */
const WITHOUT_IDIN = new Set<string>(["BUNQNL2A", "KNABNL2H", "TRIONL2U"]);

export const IDIN_ISSUERS: readonly IdinIssuer[] = IDEAL_ISSUERS.filter(
  (issuer) => !WITHOUT_IDIN.has(issuer.id),
).map(({ id, name }) => ({ id, name }));

export function findIdinIssuer(id: string): IdinIssuer | undefined {
  return IDIN_ISSUERS.find((issuer) => issuer.id === id);
}
