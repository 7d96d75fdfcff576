/**
 * The ticket catalogue (spec sections 1, 3 and 9; shared/domain.md): product types, fractions, prices in
 * cents and the basket limits. Shared by the server, which alone decides prices, and the browser, which
 * shows them.
 */

export const PRODUCT_TYPES = ["SingleTicket", "Street", "Boulevard"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const FRACTIONS = ["WHOLE", "HALF", "ONE_FIFTH"] as const;
export type Fraction = (typeof FRACTIONS)[number];

/** Draw kinds of the classic lottery (the million game draws `weekly`). */
export type ClassicDrawKind = "regular" | "extra" | "yearEnd";

/** Single-ticket units per product (spec section 9): a street is 10 numbers, a boulevard 100. */
export const PRODUCT_UNITS: Record<ProductType, number> = { SingleTicket: 1, Street: 10, Boulevard: 100 };

/**
 * How many end digits a player may choose (spec section 5): a street one (0-9), the others two (00-99).
 * In a basket ticket's `endDigits` pair a street's digit is the second item; the first stays -1.
 */
export const END_DIGIT_COUNT: Record<ProductType, 1 | 2> = { SingleTicket: 2, Street: 1, Boulevard: 2 };

/** -1 in an end-digit pair means "not chosen": drawn at random when the ticket is issued. */
export const UNCHOSEN_DIGIT = -1;

export const BASKET_UNIT_LIMIT = 100;
/** The configurator's own flow sells at most this many tickets at once (spec section 9). */
export const INLINE_QUANTITY_LIMIT = 20;
export const MULTIPLIERS = [1, 2, 3, 4, 5] as const;
export const MILLION_GAME_PRICE_CENTS = 100;
export const BASKET_COOKIE_HOURS = 744;

/** Fractions on sale per draw kind: the year-end draw is sold whole or half only (shared/domain.md). */
export const FRACTIONS_BY_DRAW_KIND: Record<ClassicDrawKind, readonly Fraction[]> = {
  regular: ["WHOLE", "ONE_FIFTH"],
  extra: ["WHOLE", "ONE_FIFTH"],
  yearEnd: ["WHOLE", "HALF"],
};

type FractionPrices = Partial<Record<Fraction, { ticket: number; xl: number }>>;

/** Price of one single ticket, and of its XL add-on, by draw kind and fraction (shared/domain.md). */
const SINGLE_TICKET_PRICES: Record<ClassicDrawKind, FractionPrices> = {
  regular: { WHOLE: { ticket: 1750, xl: 250 }, ONE_FIFTH: { ticket: 350, xl: 50 } },
  extra: { WHOLE: { ticket: 1750, xl: 250 }, ONE_FIFTH: { ticket: 350, xl: 50 } },
  yearEnd: { WHOLE: { ticket: 3000, xl: 250 }, HALF: { ticket: 1500, xl: 125 } },
};

export type TicketPrice = {
  /** One basket ticket (a whole street or boulevard) without XL. */
  pricePerTicketInCents: number;
  /** The same with the XL add-on. */
  pricePerTicketWithAddOnInCents: number;
};

/** The price of one ticket of a product, or undefined when the draw does not sell that fraction. */
export function ticketPrice(
  drawKind: ClassicDrawKind,
  productType: ProductType,
  fraction: Fraction,
): TicketPrice | undefined {
  const single = SINGLE_TICKET_PRICES[drawKind][fraction];
  if (!single) return undefined;
  const units = PRODUCT_UNITS[productType];
  return {
    pricePerTicketInCents: single.ticket * units,
    pricePerTicketWithAddOnInCents: (single.ticket + single.xl) * units,
  };
}

/** A stable product id per product and fraction, as basket tickets and analytics carry it. */
export function productIdOf(productType: ProductType, fraction: Fraction): string {
  return `KROON-${productType}-${fraction}`;
}

export function isClassicDrawKind(kind: string): kind is ClassicDrawKind {
  return kind === "regular" || kind === "extra" || kind === "yearEnd";
}

/** Dutch names for the screens. */
export const PRODUCT_LABELS: Record<ProductType, string> = {
  SingleTicket: "Los lot",
  Street: "Straat (10 loten)",
  Boulevard: "Boulevard (100 loten)",
};

export const FRACTION_LABELS: Record<Fraction, string> = {
  WHOLE: "Heel lot",
  HALF: "Half lot",
  ONE_FIFTH: "Vijfde lot",
};
