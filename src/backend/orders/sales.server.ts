import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { draws } from "@/src/backend/db/schema";
import type { ConfiguredTicket, PriceDetails, SaleDraw } from "@/src/contract/tickets";
import { basketUnits, lineTotal } from "@/src/domain/tickets/basket-math";
import { randomBasketItemId } from "@/src/domain/tickets/basket-rules";
import type { BasketTicket, MjsBasketTicket, StlBasketTicket } from "@/src/domain/tickets/basket-ticket";
import {
  BASKET_UNIT_LIMIT,
  type ClassicDrawKind,
  FRACTIONS_BY_DRAW_KIND,
  INLINE_QUANTITY_LIMIT,
  isClassicDrawKind,
  MILLION_GAME_PRICE_CENTS,
  MULTIPLIERS,
  PRODUCT_TYPES,
  PRODUCT_UNITS,
  productIdOf,
  ticketPrice,
} from "@/src/domain/tickets/catalogue";
import { TtlCache } from "@/src/lib/ttl-cache";

/**
 * What is on sale and at what price (spec sections 3 and 9). Prices are computed here and nowhere else:
 * a price or product id a client sends is replaced by this module's answer.
 */

type DrawRow = typeof draws.$inferSelect;
export type OpenDraws = { classic: DrawRow[]; millionGame: DrawRow | undefined; loadedAt: number };

/** How many classic draws a configurator offers. */
const CLASSIC_DRAWS_ON_SALE = 6;
/** The draws on sale change a few times a month; each instance keeps them for a few seconds. */
const OPEN_DRAWS_TTL_MS = 5_000;
const openDrawCaches = new WeakMap<Db, TtlCache<OpenDraws>>();

async function loadOpenDraws(db: Db, now: Date): Promise<OpenDraws> {
  const [classic, [millionGame]] = await Promise.all([
    db
      .select()
      .from(draws)
      .where(and(eq(draws.gameType, "KROON"), gt(draws.salesCloseAt, now)))
      .orderBy(asc(draws.salesCloseAt))
      .limit(CLASSIC_DRAWS_ON_SALE),
    db
      .select()
      .from(draws)
      .where(and(eq(draws.gameType, "MILJOENENSPEL"), gt(draws.salesCloseAt, now)))
      .orderBy(asc(draws.salesCloseAt))
      .limit(1),
  ]);
  return { classic, millionGame, loadedAt: now.getTime() };
}

/**
 * The draws on sale, at most a few seconds old. Whether a draw is still open is always decided against
 * `now` (see `isOpen`), so a cached list never sells a ticket after closing time.
 */
export function openDraws(db: Db, now: Date): Promise<OpenDraws> {
  let cache = openDrawCaches.get(db);
  if (!cache) {
    cache = new TtlCache(OPEN_DRAWS_TTL_MS);
    openDrawCaches.set(db, cache);
  }
  return cache.get("open", () => loadOpenDraws(db, now));
}

export function isOpen(draw: Pick<DrawRow, "salesCloseAt">, now: Date): boolean {
  return draw.salesCloseAt.getTime() > now.getTime();
}

function saleDraw(row: DrawRow & { kind: ClassicDrawKind }): SaleDraw {
  const fractions = [...FRACTIONS_BY_DRAW_KIND[row.kind]];
  return {
    drawId: row.id,
    kind: row.kind,
    name: row.name,
    drawDate: row.drawAt.toISOString(),
    salesCloseDateTime: row.salesCloseAt.toISOString(),
    jackpotInCents: row.jackpotCents,
    fractions,
    prices: PRODUCT_TYPES.flatMap((productType) =>
      fractions.map((fraction) => {
        const price = ticketPrice(row.kind, productType, fraction);
        if (!price) throw new Error(`No price for ${productType} ${fraction} in a ${row.kind} draw`);
        return {
          productId: productIdOf(productType, fraction),
          productType,
          fraction,
          units: PRODUCT_UNITS[productType],
          ...price,
        };
      }),
    ),
  };
}

function isClassicRow(row: DrawRow): row is DrawRow & { kind: ClassicDrawKind } {
  return row.gameType === "KROON" && isClassicDrawKind(row.kind);
}

/** The million-game draw on sale now, if any (the cached list is checked against the clock). */
export async function openMillionGameDraw(db: Db, now: Date): Promise<DrawRow | undefined> {
  const { millionGame } = await openDraws(db, now);
  return millionGame && isOpen(millionGame, now) ? millionGame : undefined;
}

/** The configurator's catalogue for a page (GET /api/tickets/{pageId}/configurator/price-details). */
export async function priceDetails(db: Db, pageId: string, now: Date): Promise<PriceDetails> {
  const open = await openDraws(db, now);
  const mjs = await openMillionGameDraw(db, now);
  return {
    pageId,
    draws: open.classic
      .filter((row) => isOpen(row, now) && isClassicRow(row))
      .map((row) => saleDraw(row as DrawRow & { kind: ClassicDrawKind })),
    multipliers: [...MULTIPLIERS],
    maxQuantity: INLINE_QUANTITY_LIMIT,
    basketUnitLimit: BASKET_UNIT_LIMIT,
    millionGame: mjs
      ? {
          drawId: mjs.id,
          name: mjs.name,
          drawDate: mjs.drawAt.toISOString(),
          salesCloseDateTime: mjs.salesCloseAt.toISOString(),
          jackpotInCents: mjs.jackpotCents,
          pricePerTicketInCents: MILLION_GAME_PRICE_CENTS,
        }
      : null,
  };
}

type DrawLookup = (drawId: number) => Promise<DrawRow | undefined>;

/**
 * Finds draws for one request: from the cached list of draws on sale when it holds the draw (the common
 * case, no query), else from the database. Whether it is still open is decided against the clock.
 */
export function drawLookup(db: Db, now: Date): DrawLookup {
  const memo = new Map<number, Promise<DrawRow | undefined>>();
  return (drawId) => {
    let found = memo.get(drawId);
    if (!found) {
      found = openDraws(db, now).then(async (open) => {
        const cached = [...open.classic, ...(open.millionGame ? [open.millionGame] : [])].find(
          (row) => row.id === drawId,
        );
        if (cached) return cached;
        const [row] = await db.select().from(draws).where(eq(draws.id, drawId)).limit(1);
        return row;
      });
      memo.set(drawId, found);
    }
    return found;
  };
}

/** Why a configured ticket cannot be sold, by field (Dutch, for the form), or the basket ticket it is. */
export type ConfigureResult =
  | { ok: true; ticket: StlBasketTicket }
  | {
      ok: false;
      field: keyof ConfiguredTicket;
      reason: "drawClosed" | "unknownDraw" | "fraction" | "tooManyEndDigits" | "endDigitsStreet";
    };

/**
 * A configured ticket as a basket ticket with this server's prices. End digits must fit the product: a
 * street chooses one digit (the second of the pair; the first stays -1), the others two.
 */
export async function configureTicket(
  db: Db,
  configured: ConfiguredTicket,
  now: Date,
  basketItemId: string = randomBasketItemId(),
  lookup: DrawLookup = drawLookup(db, now),
): Promise<ConfigureResult> {
  const draw = await lookup(configured.drawId);
  if (!draw || !isClassicRow(draw)) return { ok: false, field: "drawId", reason: "unknownDraw" };
  if (!isOpen(draw, now)) return { ok: false, field: "drawId", reason: "drawClosed" };
  const price = ticketPrice(draw.kind, configured.productType, configured.fraction);
  if (!price) return { ok: false, field: "fraction", reason: "fraction" };
  if (configured.endDigits.length > configured.quantity)
    return { ok: false, field: "endDigits", reason: "tooManyEndDigits" };
  if (configured.productType === "Street" && configured.endDigits.some(([first]) => first !== -1))
    return { ok: false, field: "endDigits", reason: "endDigitsStreet" };
  return {
    ok: true,
    ticket: {
      _type: "StlBasketTicket",
      basketItemId,
      quantity: configured.quantity,
      productId: productIdOf(configured.productType, configured.fraction),
      drawId: draw.id,
      productType: configured.productType,
      multiplier: configured.multiplier,
      withXl: configured.withXl,
      expireDateTime: draw.salesCloseAt.toISOString(),
      isUpsell: configured.isUpsell,
      endDigits: configured.endDigits,
      ...price,
      fraction: configured.fraction,
      isFractional: configured.fraction !== "WHOLE",
      firstDrawId: draw.id,
    },
  };
}

export type VerifiedItem = {
  basketItemId: string;
  status: "ok" | "expired" | "priceChanged" | "unavailable";
  draw: { name: string; drawDate: string } | null;
  ticket: BasketTicket | null;
  lineTotalInCents: number;
};

/**
 * Every basket item checked against the draws and this server's prices. The returned tickets carry the
 * server's prices; `priceChanged` says the basket showed another price, `expired` that sales closed.
 */
export async function verifyBasketItems(
  db: Db,
  basket: readonly BasketTicket[],
  now: Date,
): Promise<{ valid: boolean; items: VerifiedItem[]; totalInCents: number; units: number }> {
  const items: VerifiedItem[] = [];
  const lookup = drawLookup(db, now);
  const drawOf = async (drawId: number) => {
    const row = await lookup(drawId);
    return row ? { name: row.name, drawDate: row.drawAt.toISOString() } : null;
  };
  for (const ticket of basket) {
    if (ticket._type === "MjsBasketTicket") {
      const draw = await lookup(ticket.drawId);
      const checked: MjsBasketTicket = { ...ticket };
      const status: VerifiedItem["status"] =
        draw?.gameType !== "MILJOENENSPEL" ? "unavailable" : isOpen(draw, now) ? "ok" : "expired";
      items.push({
        basketItemId: ticket.basketItemId,
        status,
        draw: status === "unavailable" ? null : await drawOf(ticket.drawId),
        ticket: status === "unavailable" ? null : checked,
        lineTotalInCents: status === "ok" ? lineTotal(checked) : 0,
      });
      continue;
    }
    const result = await configureTicket(
      db,
      {
        drawId: ticket.drawId,
        productType: ticket.productType,
        fraction: ticket.fraction,
        withXl: ticket.withXl,
        quantity: ticket.quantity,
        multiplier: ticket.multiplier,
        endDigits: ticket.endDigits,
        isUpsell: ticket.isUpsell,
      },
      now,
      ticket.basketItemId,
      lookup,
    );
    if (!result.ok) {
      items.push({
        basketItemId: ticket.basketItemId,
        status: result.reason === "drawClosed" ? "expired" : "unavailable",
        draw: await drawOf(ticket.drawId),
        ticket: null,
        lineTotalInCents: 0,
      });
      continue;
    }
    const priceChanged =
      result.ticket.pricePerTicketInCents !== ticket.pricePerTicketInCents ||
      (ticket.withXl &&
        result.ticket.pricePerTicketWithAddOnInCents !== ticket.pricePerTicketWithAddOnInCents);
    items.push({
      basketItemId: ticket.basketItemId,
      status: priceChanged ? "priceChanged" : "ok",
      draw: await drawOf(ticket.drawId),
      ticket: result.ticket,
      lineTotalInCents: lineTotal(result.ticket),
    });
  }
  const units = basket.reduce((sum, ticket) => sum + basketUnits(ticket), 0);
  return {
    valid: items.every((item) => item.status === "ok") && units <= BASKET_UNIT_LIMIT,
    items,
    totalInCents: items.reduce((sum, item) => sum + item.lineTotalInCents, 0),
    units,
  };
}
