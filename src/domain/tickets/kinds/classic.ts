import {
  BASKET_UNIT_LIMIT,
  FRACTIONS,
  MULTIPLIERS,
  PRODUCT_LABELS,
  PRODUCT_TYPES,
  PRODUCT_UNITS,
  productIdOf,
  UNCHOSEN_DIGIT,
} from "../catalogue";
import type { EndDigitsPair, StlBasketTicket } from "./classic-schema";
import { readFlag, readInteger, readText, writeFlag, writeText } from "./cookie-fields";
import { centsToEuros, MAX_DRAW_ID, type TicketKind } from "./ticket-kind";

/** The classic lottery ticket (`StlBasketTicket`, spec sections 3, 4 and 9). Its schema: classic-schema.ts. */

/** The price of one ticket as bought: with the XL add-on when chosen. */
function unitPrice(ticket: StlBasketTicket): number {
  return ticket.withXl && ticket.pricePerTicketWithAddOnInCents !== undefined
    ? ticket.pricePerTicketWithAddOnInCents
    : ticket.pricePerTicketInCents;
}

export const classicKind: TicketKind<StlBasketTicket> = {
  type: "StlBasketTicket",

  /** Spec section 4: same product, XL option, draw, multiplier and upsell flag. */
  matches: (existing, incoming) =>
    existing.productId === incoming.productId &&
    existing.productType === incoming.productType &&
    existing.withXl === incoming.withXl &&
    existing.drawId === incoming.drawId &&
    existing.multiplier === incoming.multiplier &&
    existing.isUpsell === incoming.isUpsell,

  /** Quantities add up and the incoming end digits are appended. */
  merge: (existing, incoming) => ({
    ...existing,
    quantity: existing.quantity + incoming.quantity,
    endDigits: [...existing.endDigits, ...incoming.endDigits],
  }),

  /** Spec section 9: the product's size (street 10, boulevard 100) x quantity x multiplier. */
  units: (ticket) => PRODUCT_UNITS[ticket.productType] * ticket.quantity * ticket.multiplier,

  lineTotal: (ticket) => ticket.quantity * ticket.multiplier * unitPrice(ticket),

  /** Closed from its closing time on; an unreadable closing time counts as closed. */
  saleClosed: (ticket, now) => !(Date.parse(ticket.expireDateTime) > now.getTime()),

  /** Each end-digit pair belongs to one ticket, so pairs beyond the new quantity go. */
  fitUpdate(candidate) {
    if (!Array.isArray(candidate.endDigits) || typeof candidate.quantity !== "number") return candidate;
    return { ...candidate, endDigits: candidate.endDigits.slice(0, Math.max(0, candidate.quantity)) };
  },

  /** Spec section 4: switching XL is reported as removing the old line and adding the new one. */
  replacesLine: (before, after) => before.withXl !== after.withXl,

  analyticsItem: (ticket, quantity) => ({
    item_id: ticket.productId,
    item_name: PRODUCT_LABELS[ticket.productType],
    item_category: ticket.productType,
    item_variant: ticket.fraction,
    price: centsToEuros(unitPrice(ticket) * ticket.multiplier),
    quantity,
    firstDrawId: ticket.firstDrawId,
    withXl: ticket.withXl,
  }),

  cookie: { tag: "c", encode, decode },
};

/**
 * Fields in this order; enumerations as indexes, the closing time in epoch seconds, end digits one
 * character each (`x`: not chosen), and a product id or first draw that follows from the other fields
 * left empty.
 */
function encode(ticket: StlBasketTicket): Array<string | number> {
  const defaultProductId = productIdOf(ticket.productType, ticket.fraction);
  return [
    writeText(ticket.basketItemId),
    ticket.quantity,
    ticket.productId === defaultProductId ? "" : writeText(ticket.productId),
    ticket.drawId,
    PRODUCT_TYPES.indexOf(ticket.productType),
    ticket.multiplier,
    writeFlag(ticket.withXl),
    Math.floor(Date.parse(ticket.expireDateTime) / 1000),
    writeFlag(ticket.isUpsell),
    ticket.endDigits.map(([first, second]) => digitChar(first) + digitChar(second)).join(""),
    ticket.pricePerTicketInCents,
    ticket.pricePerTicketWithAddOnInCents ?? "",
    FRACTIONS.indexOf(ticket.fraction),
    ticket.firstDrawId === ticket.drawId ? "" : ticket.firstDrawId,
  ];
}

const FIELD_COUNT = 14;

/** The closing time comes back as a UTC ISO string of the same instant, to the second. */
function decode(fields: readonly string[]): StlBasketTicket | undefined {
  if (fields.length !== FIELD_COUNT) return undefined;
  const [idField, quantityField, productIdField, drawField, typeField, multiplierField, xlField] = fields;
  const [expireField, upsellField, digitsField, priceField, addOnField, fractionField, firstDrawField] =
    fields.slice(7);
  const basketItemId = readText(idField);
  const quantity = readInteger(quantityField, 1, BASKET_UNIT_LIMIT);
  const drawId = readInteger(drawField, 1, MAX_DRAW_ID);
  const productType = PRODUCT_TYPES[readInteger(typeField, 0, PRODUCT_TYPES.length - 1) ?? -1];
  const fraction = FRACTIONS[readInteger(fractionField, 0, FRACTIONS.length - 1) ?? -1];
  const multiplier = readInteger(multiplierField, MULTIPLIERS[0], MULTIPLIERS[MULTIPLIERS.length - 1]!);
  const withXl = readFlag(xlField);
  const isUpsell = readFlag(upsellField);
  const expireSeconds = readInteger(expireField, 0, 8_640_000_000_000);
  const pricePerTicketInCents = readInteger(priceField, 0);
  const addOn = addOnField === "" ? null : readInteger(addOnField, 0);
  const firstDrawId = firstDrawField === "" ? drawId : readInteger(firstDrawField, 1, MAX_DRAW_ID);
  const endDigits = quantity === undefined ? undefined : readDigits(digitsField, quantity);
  if (
    basketItemId === undefined ||
    quantity === undefined ||
    drawId === undefined ||
    productType === undefined ||
    fraction === undefined ||
    multiplier === undefined ||
    withXl === undefined ||
    isUpsell === undefined ||
    expireSeconds === undefined ||
    pricePerTicketInCents === undefined ||
    addOn === undefined ||
    firstDrawId === undefined ||
    endDigits === undefined
  ) {
    return undefined;
  }
  const productId = productIdField === "" ? productIdOf(productType, fraction) : readText(productIdField);
  if (!productId) return undefined;
  return {
    _type: "StlBasketTicket",
    basketItemId,
    quantity,
    productId,
    drawId,
    productType,
    multiplier,
    withXl,
    expireDateTime: new Date(expireSeconds * 1000).toISOString(),
    isUpsell,
    endDigits,
    pricePerTicketInCents,
    ...(addOn === null ? {} : { pricePerTicketWithAddOnInCents: addOn }),
    fraction,
    isFractional: fraction !== "WHOLE",
    firstDrawId,
  };
}

function digitChar(digit: number): string {
  return digit === UNCHOSEN_DIGIT ? "x" : String(digit);
}

/** Pairs of digit characters; at most one pair per ticket (spec section 5). */
function readDigits(field: string | undefined, quantity: number): EndDigitsPair[] | undefined {
  if (field === undefined || !/^([0-9x]{2})*$/.test(field) || field.length / 2 > quantity) return undefined;
  const pairs: EndDigitsPair[] = [];
  for (let index = 0; index < field.length; index += 2) {
    pairs.push([digitValue(field[index]!), digitValue(field[index + 1]!)]);
  }
  return pairs;
}

function digitValue(char: string): number {
  return char === "x" ? UNCHOSEN_DIGIT : Number(char);
}
