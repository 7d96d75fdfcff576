/**
 * What one kind of basket ticket (classic lottery, million game, and later subscription upsells, gift
 * tickets, promotion items) has to say for the generic basket rules and the basket cookie to handle it
 * (spec sections 3, 4 and 9). A kind is a zod-free module in this folder, its schema a `*-schema.ts`
 * beside it, and `registry.ts` lists it; the basket store ships in every page's first-load JavaScript
 * and so carries these behaviours but never a schema library (decision 6).
 */

/** Bounds shared by the schemas and the cookie readers, so what one accepts the other can carry. */
export const MAX_DRAW_ID = 999_999;
export const MAX_TEXT_LENGTH = 64;

/** The fields every basket item has, whatever its kind. */
export type BasketItemBase = {
  _type: string;
  basketItemId: string;
  quantity: number;
  drawId: number;
};

/** One item of a GA4 `add_to_cart` / `remove_from_cart` event as the tag manager expects it. */
export type CartEventItem = {
  item_id: string;
  item_name: string;
  item_category: string;
  item_variant: string;
  /** Euros for one ticket as bought: multiplier and, when chosen, an add-on included. */
  price: number;
  quantity: number;
  firstDrawId: number;
  withXl: boolean;
};

/**
 * The kind's compact form in the basket cookie: one item is its tag, then the fields `encode` gives,
 * joined with `.`. Fields must use only URI-unreserved characters other than `.` and `~` (see
 * `cookie-fields.ts`). `decode` gets the fields after the tag and never throws: a malformed item gives
 * undefined and is dropped.
 */
export type CookieCodec<T> = {
  /** Unique over all kinds; never reuse a retired kind's tag. */
  tag: string;
  encode(ticket: T): Array<string | number>;
  decode(fields: readonly string[]): T | undefined;
};

// Method syntax on purpose: it lets the registry hold kinds of different ticket types side by side.
export type TicketKind<T extends BasketItemBase> = {
  type: T["_type"];
  /** Spec section 4: an added ticket that matches an item of the same kind merges into it. */
  matches(existing: T, incoming: T): boolean;
  merge(existing: T, incoming: T): T;
  /** Single-ticket units it takes of the basket limit of 100 (spec section 9). */
  units(ticket: T): number;
  /** Cents for the whole line, add-ons included. */
  lineTotal(ticket: T): number;
  /** True once the item can no longer be sold; such items are dropped when the basket loads. */
  saleClosed(ticket: T, now: Date): boolean;
  /**
   * Adjusts an update (the patch already laid over the item) before it is validated, e.g. dropping
   * what no longer fits the new quantity.
   */
  fitUpdate(candidate: Record<string, unknown>): Record<string, unknown>;
  /** True when a change from `before` to `after` is reported as a new line rather than a quantity change. */
  replacesLine(before: T, after: T): boolean;
  analyticsItem(ticket: T, quantity: number): CartEventItem;
  cookie: CookieCodec<T>;
};

/** Cents to euros as a number with at most two decimals (GA4 wants numbers, not strings). */
export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}
