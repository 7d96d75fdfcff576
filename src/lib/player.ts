/** Derived player fields (spec section 3). */

export function fullName(first: string, middle: string | null | undefined, last: string): string {
  return [first, middle, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
}

/** `1234AB` or `1234 ab` as `1234 AB`. */
export function formatPostalCode(postalCode: string): string {
  const compact = postalCode.replace(/\s+/g, "").toUpperCase();
  return /^\d{4}[A-Z]{2}$/.test(compact) ? `${compact.slice(0, 4)} ${compact.slice(4)}` : postalCode.trim();
}

/** `Dorpsstraat 12 A, 1234 AB Plaats`. */
export function formatAddress(address: {
  street: string;
  houseNumber: number;
  houseNumberExtension?: string | null;
  postalCode: string;
  city: string;
}): string {
  const number = [address.houseNumber, address.houseNumberExtension?.trim()].filter(Boolean).join(" ");
  return `${address.street} ${number}, ${formatPostalCode(address.postalCode)} ${address.city}`;
}
