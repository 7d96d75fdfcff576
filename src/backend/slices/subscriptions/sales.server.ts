import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { draws } from "@/src/backend/db/schema";
import type {
  DrawRef,
  SubscriptionChoice,
  SubscriptionPriceDetails,
  SubscriptionProduct,
  SubscriptionQuote,
} from "@/src/contract/subscriptions";
import { mandateIdFor } from "@/src/domain/subscriptions/mandate";
import {
  ALL_MONTHS,
  drawAmount,
  drawCharge,
  drawMonth,
  itemDrawPrice,
  MAX_SUBSCRIPTION_QUANTITY,
  MIN_PARTICIPATING_MONTHS,
  monthlyAmount,
  type SubscriptionItemPlan,
  type SubscriptionPageOffer,
  type SubscriptionPromotion,
  type Sweepstake,
} from "@/src/domain/subscriptions/plan";
import { MULTIPLIERS } from "@/src/domain/tickets/catalogue";
import { subscriptionMessages } from "@/src/lib/messages";
import { TtlCache } from "@/src/lib/ttl-cache";
import {
  chargeSchedule,
  choiceErrors,
  chosenPromotion,
  drawsPlayed,
  itemsOfChoice,
  type PlayableDraw,
  subscriptionCatalogue,
} from "./quote";
import { SubscriptionError } from "./subscription-error.server";

/**
 * Selling subscriptions (spec sections 3 and 7): the form's catalogue, the draws a subscription taken out
 * now plays in, and what a choice costs. Prices are computed here (with the plan's rules) and nowhere else;
 * what an editor attached to a page (its promotion and sweepstake) comes in as the page's offer.
 */

type DrawRow = typeof draws.$inferSelect;
/** Where the offer of a page's form block comes from (the CMS); undefined when no block has the id. */
export type OfferLookup = (pageId: string) => Promise<SubscriptionPageOffer | undefined>;

/** The schedule a quote shows: the next draws the subscription plays in (those in the draw calendar). */
export const SCHEDULE_LENGTH = 6;
/** Regular draws loaded ahead: a year and a half, enough for any months a player may choose. */
const REGULAR_DRAWS_AHEAD = 18;
const REGULAR_DRAWS_TTL_MS = 5_000;
const regularDrawCaches = new WeakMap<Db, TtlCache<DrawRow[]>>();

/**
 * The regular draws of the classic lottery whose sales are open, in date order, at most a few seconds
 * old. Whether a draw is still open is decided against `now` on every call, so a cached list never starts
 * a subscription in a draw whose sales closed.
 */
export async function regularDrawsOnSale(db: Db, now: Date): Promise<DrawRow[]> {
  let cache = regularDrawCaches.get(db);
  if (!cache) {
    cache = new TtlCache(REGULAR_DRAWS_TTL_MS);
    regularDrawCaches.set(db, cache);
  }
  const rows = await cache.get("regular", () =>
    db
      .select()
      .from(draws)
      .where(and(eq(draws.gameType, "KROON"), eq(draws.kind, "regular"), gt(draws.salesCloseAt, now)))
      .orderBy(asc(draws.drawAt))
      .limit(REGULAR_DRAWS_AHEAD),
  );
  return rows.filter((row) => row.salesCloseAt.getTime() > now.getTime());
}

export function drawRef(draw: PlayableDraw): DrawRef {
  return {
    drawId: draw.id,
    name: draw.name,
    drawDate: draw.drawAt.toISOString(),
    salesCloseDateTime: draw.salesCloseAt.toISOString(),
  };
}

export function promotionInfo(promotion: SubscriptionPromotion): SubscriptionPriceDetails["promotion"] {
  const { id, label, draws: count, discountPercent, trial } = promotion;
  return { id, label, draws: count, discountPercent, trial };
}

/** A sweepstake takes entries until its end. */
export function isSweepstakeOpen(sweepstake: Pick<Sweepstake, "endsAt">, now: Date): boolean {
  return sweepstake.endsAt.getTime() > now.getTime();
}

/** The page's offer, or `NotFound` when no subscription form block has this page id. */
export async function requireOffer(offerOf: OfferLookup | undefined, pageId: string) {
  const offer = await offerOf?.(pageId);
  if (!offer) throw new SubscriptionError("NotFound", { pageId: [subscriptionMessages.unknownPage] });
  return offer;
}

/** The subscription form's catalogue for a page (GET /api/subscriptions/{pageId}/configurator/price-details). */
export async function subscriptionPriceDetails(
  db: Db,
  now: Date,
  offer: SubscriptionPageOffer,
): Promise<SubscriptionPriceDetails> {
  const [firstDraw] = await regularDrawsOnSale(db, now);
  const { sweepstake } = offer;
  return {
    pageId: offer.pageId,
    products: subscriptionCatalogue(),
    multipliers: [...MULTIPLIERS],
    maxQuantity: MAX_SUBSCRIPTION_QUANTITY,
    months: [...ALL_MONTHS],
    minParticipatingMonths: MIN_PARTICIPATING_MONTHS,
    firstDraw: firstDraw ? drawRef(firstDraw) : null,
    promotion: offer.promotion ? promotionInfo(offer.promotion) : null,
    sweepstake: sweepstake
      ? {
          id: sweepstake.id,
          prizeText: sweepstake.prizeText,
          numberOfPrizes: sweepstake.numberOfPrizes,
          endDate: sweepstake.endsAt.toISOString(),
          open: isSweepstakeOpen(sweepstake, now),
        }
      : null,
  };
}

/**
 * The products of a draw's game for a subscription playing it (GET /api/subscriptions/configurator/products).
 * A subscription plays the regular draws of the classic lottery: another kind of classic draw, or a closed
 * one, is refused (422). The million game has no subscription products: for one of its open draws the list
 * is empty, as the catalogue filtered by that game is (GET /api/subscriptions/products).
 */
export async function drawProducts(
  db: Db,
  now: Date,
  drawId: number,
  gameType: SubscriptionProduct["gameType"],
): Promise<SubscriptionProduct[]> {
  const [draw] = await db.select().from(draws).where(eq(draws.id, drawId)).limit(1);
  if (!draw) throw new SubscriptionError("NotFound");
  if (draw.gameType !== gameType) {
    throw new SubscriptionError("InvalidChoice", { gameType: [subscriptionMessages.gameMismatch] });
  }
  if (draw.salesCloseAt.getTime() <= now.getTime()) {
    throw new SubscriptionError("InvalidChoice", { drawId: [subscriptionMessages.drawClosed] });
  }
  if (gameType === "MILJOENENSPEL") return [];
  if (draw.kind !== "regular") {
    throw new SubscriptionError("InvalidChoice", { drawId: [subscriptionMessages.notRegularDraw] });
  }
  return subscriptionCatalogue();
}

/**
 * The catalogue filtered (GET /api/subscriptions/products). Every subscription product can be played with
 * or without XL (both prices are listed), so `withXl` keeps them all; it is accepted because the spec's
 * callers send it.
 */
export function filteredProducts(filter: {
  gameType?: SubscriptionProduct["gameType"];
  productType?: SubscriptionProduct["productType"];
  fractionType?: SubscriptionProduct["fractionType"];
  withXl?: boolean;
}): SubscriptionProduct[] {
  return subscriptionCatalogue().filter(
    (product) =>
      (filter.gameType === undefined || product.gameType === filter.gameType) &&
      (filter.productType === undefined || product.productType === filter.productType) &&
      (filter.fractionType === undefined || product.fractionType === filter.fractionType),
  );
}

/** A checked choice with everything the quote and the sign-up need. */
export type PricedChoice = {
  quote: SubscriptionQuote;
  items: SubscriptionItemPlan[];
  promotion: SubscriptionPromotion | null;
  firstDraw: DrawRow;
};

/**
 * Checks a choice against the page's offer and the draws on sale, and prices it (POST
 * /api/subscriptions/verify/{pageId}); refuses it with `InvalidChoice` and the Dutch message per field.
 * Stores nothing.
 */
export async function priceChoice(
  db: Db,
  now: Date,
  offer: SubscriptionPageOffer,
  choice: SubscriptionChoice,
  /** The sign-up's transaction id, when known: the quote names the id of its mandate. */
  transactionId?: string,
): Promise<PricedChoice> {
  const errors = choiceErrors(choice, offer);
  const items = itemsOfChoice(choice);
  const onSale = drawsPlayed(await regularDrawsOnSale(db, now), items);
  const firstDraw = onSale[0];
  if (!firstDraw) errors.participatingMonths = [subscriptionMessages.noDraw];
  if (Object.keys(errors).length > 0 || !firstDraw) throw new SubscriptionError("InvalidChoice", errors);

  const promotion = chosenPromotion(choice, offer);
  const schedule = chargeSchedule(onSale, items, promotion, { limit: SCHEDULE_LENGTH });
  const quote: SubscriptionQuote = {
    pageId: offer.pageId,
    items: items.map((item) => ({ ...item, pricePerDrawInCents: itemDrawPrice(item) })),
    monthlyAmountInCents: monthlyAmount(items),
    firstDraw: drawRef(firstDraw),
    firstAmountInCents: drawCharge(drawAmount(items, drawMonth(firstDraw.drawAt)), 0, promotion).amountCents,
    promotion: promotion ? promotionInfo(promotion) : null,
    mandateId: transactionId ? mandateIdFor(transactionId) : null,
    schedule: schedule.map(({ draw, amountCents, purchaseType }) => ({
      drawId: draw.id,
      name: draw.name,
      drawDate: draw.drawAt.toISOString(),
      amountInCents: amountCents,
      purchaseType,
    })),
  };
  return { quote, items, promotion, firstDraw };
}
