/**
 * The iDEAL banks a player can choose. `id` is the bank's BIC, the identifier iDEAL issuers are known by
 * (Mollie prefixes it: `ideal_INGBNL2A`).
 */
export const IDEAL_ISSUERS = [
  { id: "ABNANL2A", name: "ABN AMRO" },
  { id: "ASNBNL21", name: "ASN Bank" },
  { id: "BUNQNL2A", name: "bunq" },
  { id: "INGBNL2A", name: "ING" },
  { id: "KNABNL2H", name: "Knab" },
  { id: "RABONL2U", name: "Rabobank" },
  { id: "RBRBNL21", name: "RegioBank" },
  { id: "SNSBNL2A", name: "SNS" },
  { id: "TRIONL2U", name: "Triodos Bank" },
] as const;
export type IdealIssuer = (typeof IDEAL_ISSUERS)[number];
export type IdealIssuerId = IdealIssuer["id"];

/** The issuer a shop or player named, by BIC or by bank name in any case; undefined when unknown. */
export function findIdealIssuer(idOrName: string | null | undefined): IdealIssuer | undefined {
  const wanted = idOrName?.trim().toLowerCase();
  if (!wanted) return undefined;
  return IDEAL_ISSUERS.find(
    (issuer) => issuer.id.toLowerCase() === wanted || issuer.name.toLowerCase() === wanted,
  );
}
