import { formatPostalCode } from "@/src/lib/player";

/**
 * The postcode table behind the address lookup of the registration form: a small embedded data set in
 * place of the national address register (BAG). Each entry is one postcode: one side of a street, or a
 * whole short street, with its house number range and the extensions that exist there. The streets are
 * fictional but shaped like the real thing; 1234 AB Kroondorp is the demo player's address.
 */
export type PostcodeEntry = {
  /** Compact: `1234AB`. */
  postalCode: string;
  street: string;
  city: string;
  from: number;
  to: number;
  /** Only the odd or only the even numbers of the range, as a postcode usually covers one side. */
  parity?: "odd" | "even";
  /** Extensions (`A`, `BIS`, `1`, `H`) that exist at every number of the range, upper case. */
  extensions: readonly string[];
};

export type Address = {
  street: string;
  houseNumber: number;
  houseNumberExtension: string | null;
  /** Formatted: `1234 AB`. */
  postalCode: string;
  city: string;
};

const LETTERS = ["A", "B", "C", "D"] as const;
const FLOORS = ["H", "1", "2", "3"] as const;

export const POSTCODES: readonly PostcodeEntry[] = [
  { postalCode: "1234AB", street: "Dorpsstraat", city: "Kroondorp", from: 1, to: 60, extensions: LETTERS },
  { postalCode: "1234AC", street: "Kerkpad", city: "Kroondorp", from: 1, to: 24, extensions: [] },
  {
    postalCode: "1016GV",
    street: "Lindengracht",
    city: "Amsterdam",
    from: 200,
    to: 298,
    parity: "even",
    extensions: FLOORS,
  },
  {
    postalCode: "1097KL",
    street: "Oosterparkkade",
    city: "Amsterdam",
    from: 1,
    to: 89,
    parity: "odd",
    extensions: ["1", "2", "3", "4"],
  },
  {
    postalCode: "2011RT",
    street: "Kruisweg",
    city: "Haarlem",
    from: 2,
    to: 58,
    parity: "even",
    extensions: [],
  },
  {
    postalCode: "2312BK",
    street: "Haarlemmerstraat",
    city: "Leiden",
    from: 101,
    to: 179,
    parity: "odd",
    extensions: ["A", "B"],
  },
  {
    postalCode: "2514EA",
    street: "Toussaintkade",
    city: "Den Haag",
    from: 1,
    to: 70,
    extensions: ["A", "B", "C"],
  },
  {
    postalCode: "3012CN",
    street: "Witte de Withstraat",
    city: "Rotterdam",
    from: 1,
    to: 99,
    parity: "odd",
    extensions: ["A", "B", "C", "D"],
  },
  {
    postalCode: "3511LX",
    street: "Oudegracht",
    city: "Utrecht",
    from: 140,
    to: 220,
    parity: "even",
    extensions: ["A", "BIS"],
  },
  { postalCode: "3817AH", street: "Kortegracht", city: "Amersfoort", from: 1, to: 40, extensions: [] },
  {
    postalCode: "4811XJ",
    street: "Ginnekenweg",
    city: "Breda",
    from: 1,
    to: 120,
    parity: "odd",
    extensions: ["A"],
  },
  {
    postalCode: "5038EB",
    street: "Piusstraat",
    city: "Tilburg",
    from: 2,
    to: 96,
    parity: "even",
    extensions: [],
  },
  { postalCode: "5611AZ", street: "Kleine Berg", city: "Eindhoven", from: 1, to: 75, extensions: ["A", "B"] },
  { postalCode: "6211GN", street: "Tongersestraat", city: "Maastricht", from: 1, to: 54, extensions: [] },
  { postalCode: "6511PL", street: "Hertogstraat", city: "Nijmegen", from: 1, to: 66, extensions: ["A"] },
  { postalCode: "6821AB", street: "Sonsbeeksingel", city: "Arnhem", from: 1, to: 150, extensions: [] },
  {
    postalCode: "7511JE",
    street: "Walstraat",
    city: "Enschede",
    from: 1,
    to: 45,
    extensions: ["A", "B", "C"],
  },
  { postalCode: "8011VW", street: "Thorbeckegracht", city: "Zwolle", from: 1, to: 80, extensions: [] },
  {
    postalCode: "8921BK",
    street: "Wirdumerdijk",
    city: "Leeuwarden",
    from: 1,
    to: 49,
    parity: "odd",
    extensions: ["A"],
  },
  {
    postalCode: "9712HV",
    street: "Folkingestraat",
    city: "Groningen",
    from: 2,
    to: 70,
    parity: "even",
    extensions: ["A", "B", "I"],
  },
  { postalCode: "4331JA", street: "Lange Noordstraat", city: "Middelburg", from: 1, to: 90, extensions: [] },
];

const BY_POSTCODE: ReadonlyMap<string, PostcodeEntry> = new Map(
  POSTCODES.map((entry) => [entry.postalCode, entry]),
);

/**
 * `1234 ab`, ` 1234AB ` and `1234AB` as `1234AB`; undefined when it is no Dutch postcode (four digits, the
 * first not 0, then two letters, with at most one space between).
 */
export function normalisePostalCode(value: string): string | undefined {
  const match = /^\s*([1-9]\d{3})\s?([A-Za-z]{2})\s*$/.exec(value);
  return match ? `${match[1]}${match[2]!.toUpperCase()}` : undefined;
}

/** `a`, ` bis ` and `A` as `A` / `BIS`; undefined for no extension (absent or blank). */
export function normaliseExtension(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim().toUpperCase();
  return trimmed ? trimmed : undefined;
}

/** The address of a postcode and house number (and extension), or undefined when it does not exist. */
export function lookupAddress(
  postcode: string,
  houseNumber: number,
  extension?: string | null,
): Address | undefined {
  const postalCode = normalisePostalCode(postcode);
  const entry = postalCode ? BY_POSTCODE.get(postalCode) : undefined;
  if (!entry || !Number.isSafeInteger(houseNumber)) return undefined;
  if (houseNumber < entry.from || houseNumber > entry.to) return undefined;
  if (entry.parity === "odd" && houseNumber % 2 === 0) return undefined;
  if (entry.parity === "even" && houseNumber % 2 !== 0) return undefined;
  const wanted = normaliseExtension(extension);
  if (wanted !== undefined && !entry.extensions.includes(wanted)) return undefined;
  return {
    street: entry.street,
    houseNumber,
    houseNumberExtension: wanted ?? null,
    postalCode: formatPostalCode(entry.postalCode),
    city: entry.city,
  };
}
