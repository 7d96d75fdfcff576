import { and, count, eq, inArray, isNull, or } from "drizzle-orm";
import { holdActivations, settleHeldActivations } from "@/src/backend/db/activation-holds";
import type { Db, Tx } from "@/src/backend/db/database.server";
import {
  actionActivations,
  actionCodes,
  campaigns,
  type OrderAdjustment,
  orders,
  players,
} from "@/src/backend/db/schema";
import type { CampaignPeriod } from "@/src/contract/action-codes";
import { formatActionCode, newActionCode, readActionCode } from "@/src/domain/campaigns/action-code";
import { campaignState, mayUseAgain } from "@/src/domain/campaigns/campaign-state";
import {
  describeOffer,
  isBasketOffer,
  type Offer,
  OfferSchema,
  priceOffer,
} from "@/src/domain/campaigns/offers/registry";
import { trialPromotion } from "@/src/domain/campaigns/offers/trial-subscription";
import { DomainError } from "@/src/domain/domain-error";
import type { SubscriptionPromotion } from "@/src/domain/subscriptions/plan";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { actionMessages, shopCodes } from "@/src/lib/messages";
import { openMillionGameDraw } from "./sales.server";

/**
 * Campaigns and action codes (issue 18): a player activates a code on the campaign's page and holds the
 * right to its offer; the offer is a basket-level adjustment the server prices against the basket at
 * checkout (`domain/campaigns/offers`). A personal code is claimed by the first player who activates it; a
 * general code may be activated by each player as often as it allows. An activation is reserved by the
 * order that applies it and used once that order is paid, in the same transactions that store and settle
 * the order: nothing is granted twice, and an order that fails gives the offer back.
 */

export type ActionErrorCode =
  | "Invalid"
  | "ActionNotFoundError"
  | "ActionExpiredError"
  | "ActionNotActiveError"
  | "VoucherCodeNotFoundError"
  | "VoucherCodeAlreadyClaimedError"
  | "NoActivatedActionFoundError";

export class ActionError extends DomainError<ActionErrorCode> {
  constructor(
    code: ActionErrorCode,
    errors?: Record<string, string[]>,
    /** Where the player enters a code (`NoActivatedActionFoundError`); sent among the fields. */
    readonly actionPagePath?: string,
  ) {
    super(code, actionPagePath ? { ...errors, actionPagePath: [actionPagePath] } : errors);
    this.name = "ActionError";
  }
}

export type ActivatedOffer = {
  activationId: string;
  pageId: string;
  campaignName: string;
  actionPagePath: string;
  endsAt: string;
  label: string;
  inBasket: boolean;
  status: "activated" | "reserved" | "used";
  /** A trial subscription: the form it is taken out with (not the basket) and the promotion it applies. */
  subscription: { pageId: string; promotion: SubscriptionPromotion } | null;
};

type CampaignRow = typeof campaigns.$inferSelect;
type ActivationRow = typeof actionActivations.$inferSelect;

const codeError = (code: ActionErrorCode, message: string) =>
  new ActionError(code, { actionCode: [message] });

async function campaignOfPage(db: Db | Tx, pageId: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.pageId, pageId)).limit(1);
  return row;
}

/** The campaign's offer; a stored offer that no longer parses is no offer (the campaign is not found). */
function offerOf(campaign: CampaignRow): Offer {
  const parsed = OfferSchema.safeParse(campaign.offer);
  if (!parsed.success) throw new ActionError("ActionNotFoundError");
  return parsed.data;
}

function toActivatedOffer(campaign: CampaignRow, activation: ActivationRow): ActivatedOffer {
  const offer = offerOf(campaign);
  return {
    activationId: activation.id,
    pageId: campaign.pageId,
    campaignName: campaign.name,
    actionPagePath: campaign.pagePath,
    endsAt: campaign.endsAt.toISOString(),
    label: describeOffer(offer),
    inBasket: activation.inBasket,
    status: activation.status as ActivatedOffer["status"],
    subscription:
      offer.kind === "trialSubscription"
        ? { pageId: offer.subscriptionPageId, promotion: trialPromotion(offer, campaign.pageId) }
        : null,
  };
}

/** The campaign on a page, its period and state now (GET /api/marketing-campaigns/{pageId}). */
export async function campaignPeriod(db: Db, pageId: string, now: Date): Promise<CampaignPeriod> {
  const campaign = await campaignOfPage(db, pageId);
  if (!campaign) throw new ActionError("ActionNotFoundError");
  const state = campaignState(campaign, now);
  return {
    name: campaign.name,
    startsAt: campaign.startsAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    state: state !== "notActive" ? state : now < campaign.startsAt ? "notStarted" : "paused",
  };
}

/**
 * Activates a code on a campaign's page (POST /api/marketing-campaigns/{pageId}/action-codes/activate).
 * Refused with its code and the Dutch reason at `actionCode`: a page without a campaign, a campaign not
 * begun, switched off or ended, a code that cannot exist (look-alike characters), is unknown or belongs to
 * another campaign, a personal code someone already claimed, a general code used up by this player. The
 * same player activating a code of a campaign they already hold (a double click, a second tab) is answered
 * with the activation they hold.
 */
export async function activateActionCode(
  db: Db,
  request: { pageId: string; typedCode: string; playerId: string },
  now: Date,
): Promise<ActivatedOffer> {
  const campaign = await campaignOfPage(db, request.pageId);
  if (!campaign) throw codeError("ActionNotFoundError", shopCodes.ActionNotFoundError);
  // A campaign whose stored offer does not parse is refused as not found.
  offerOf(campaign);
  const state = campaignState(campaign, now);
  if (state === "expired") throw codeError("ActionExpiredError", shopCodes.ActionExpiredError);
  if (state === "notActive") throw codeError("ActionNotActiveError", shopCodes.ActionNotActiveError);
  const read = readActionCode(request.typedCode);
  if (!read.ok) {
    if (read.reason === "empty") throw codeError("Invalid", actionMessages.code);
    const message = read.reason === "lookAlike" ? actionMessages.codeLookAlike : actionMessages.codeMalformed;
    throw codeError("VoucherCodeNotFoundError", message);
  }
  const [code] = await db.select().from(actionCodes).where(eq(actionCodes.code, read.code)).limit(1);
  if (!code) throw codeError("VoucherCodeNotFoundError", shopCodes.VoucherCodeNotFoundError);
  if (code.campaignId !== campaign.id) {
    throw codeError("VoucherCodeNotFoundError", actionMessages.otherCampaign);
  }

  const activation = await db.transaction(async (tx) => {
    // One activation at a time per player: two tabs take turns.
    await tx.select({ id: players.id }).from(players).where(eq(players.id, request.playerId)).for("update");
    const [open] = await tx
      .select()
      .from(actionActivations)
      .where(
        and(
          eq(actionActivations.campaignId, campaign.id),
          eq(actionActivations.playerId, request.playerId),
          inArray(actionActivations.status, ["activated", "reserved"]),
        ),
      )
      .limit(1);
    // Someone else's personal code never activates anything, not even for a player who holds the offer
    // already (issue 40: it said "geactiveerd"). Read again under its lock: a claim a moment ago counts.
    if (code.kind === "personal") {
      const [current] = await tx
        .select({ claimedBy: actionCodes.claimedBy })
        .from(actionCodes)
        .where(eq(actionCodes.code, code.code))
        .for("update");
      if (current?.claimedBy && current.claimedBy !== request.playerId) {
        throw codeError("VoucherCodeAlreadyClaimedError", shopCodes.VoucherCodeAlreadyClaimedError);
      }
    }
    if (open) return open;
    if (code.kind === "personal") {
      const [claimed] = await tx
        .update(actionCodes)
        .set({ claimedBy: request.playerId, claimedAt: now })
        .where(and(eq(actionCodes.code, code.code), isNull(actionCodes.claimedBy)))
        .returning({ code: actionCodes.code });
      if (!claimed)
        throw codeError("VoucherCodeAlreadyClaimedError", shopCodes.VoucherCodeAlreadyClaimedError);
    } else {
      const [uses] = await tx
        .select({ total: count() })
        .from(actionActivations)
        .where(and(eq(actionActivations.code, code.code), eq(actionActivations.playerId, request.playerId)));
      if (!mayUseAgain(uses?.total ?? 0, code.maxPerPlayer)) {
        throw codeError("VoucherCodeAlreadyClaimedError", actionMessages.usedUp(code.maxPerPlayer));
      }
    }
    const [created] = await tx
      .insert(actionActivations)
      .values({ campaignId: campaign.id, code: code.code, playerId: request.playerId, activatedAt: now })
      .returning();
    if (!created) throw new Error("activation not stored");
    return created;
  });
  return toActivatedOffer(campaign, activation);
}

/**
 * The player's offer on a campaign's page (GET /api/marketing-campaigns/{pageId}/offer): the activation
 * they hold, or `NoActivatedActionFoundError` with the way to the action page.
 */
export async function playerOffer(db: Db, playerId: string, pageId: string): Promise<ActivatedOffer> {
  const campaign = await campaignOfPage(db, pageId);
  if (!campaign) throw new ActionError("ActionNotFoundError");
  const [activation] = await db
    .select()
    .from(actionActivations)
    .where(
      and(
        eq(actionActivations.campaignId, campaign.id),
        eq(actionActivations.playerId, playerId),
        inArray(actionActivations.status, ["activated", "reserved"]),
      ),
    )
    .limit(1);
  if (!activation) {
    throw new ActionError(
      "NoActivatedActionFoundError",
      { actionCode: [shopCodes.NoActivatedActionFoundError] },
      campaign.pagePath,
    );
  }
  return toActivatedOffer(campaign, activation);
}

/**
 * Puts the player's activated offer in the basket or takes it out (PUT /api/marketing-campaigns/{pageId}/offer).
 * Only an activation not yet taken by an order can move.
 */
export async function placeOffer(
  db: Db,
  playerId: string,
  pageId: string,
  inBasket: boolean,
): Promise<ActivatedOffer> {
  const held = await playerOffer(db, playerId, pageId);
  if (held.status !== "activated") throw codeError("VoucherCodeAlreadyClaimedError", actionMessages.taken);
  if (inBasket && held.subscription) throw codeError("Invalid", actionMessages.subscriptionOnly);
  await db
    .update(actionActivations)
    .set({ inBasket })
    .where(and(eq(actionActivations.id, held.activationId), eq(actionActivations.status, "activated")));
  return { ...held, inBasket };
}

export type BasketAdjustment = {
  activationId: string;
  pageId: string;
  campaignName: string;
  label: string;
} & (
  | { status: "applies"; amountInCents: number; discountInCents: number; lines: BasketTicket[] }
  | { status: "notQualified"; reason: string }
);

/**
 * The player's offers in the basket, priced by their kinds against the basket's tickets (at the server's
 * prices). `transactionId`: the activations an order of that transaction already reserved count too (a
 * retry of the same checkout prices the same).
 */
export async function basketAdjustments(
  db: Db,
  request: { playerId: string; basketTotalInCents: number; transactionId?: string },
  now: Date,
): Promise<BasketAdjustment[]> {
  const reservedByThisOrder = request.transactionId
    ? and(eq(actionActivations.status, "reserved"), eq(orders.transactionId, request.transactionId))
    : undefined;
  const rows = await db
    .select({ activation: actionActivations, campaign: campaigns })
    .from(actionActivations)
    .innerJoin(campaigns, eq(campaigns.id, actionActivations.campaignId))
    .leftJoin(orders, eq(orders.id, actionActivations.orderId))
    .where(
      and(
        eq(actionActivations.playerId, request.playerId),
        eq(actionActivations.inBasket, true),
        reservedByThisOrder
          ? or(eq(actionActivations.status, "activated"), reservedByThisOrder)
          : eq(actionActivations.status, "activated"),
      ),
    )
    .orderBy(actionActivations.activatedAt);
  if (rows.length === 0) return [];
  const [paid] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.playerId, request.playerId), eq(orders.status, "paid")));
  const millionGame = await openMillionGameDraw(db, now);
  const context = {
    basketTotalInCents: request.basketTotalInCents,
    firstOrder: (paid?.total ?? 0) === 0,
    millionGameDrawId: millionGame?.id,
  };
  return rows.flatMap(({ activation, campaign }) => {
    const parsed = OfferSchema.safeParse(campaign.offer);
    if (!parsed.success || !isBasketOffer(parsed.data)) return [];
    const base = {
      activationId: activation.id,
      pageId: campaign.pageId,
      campaignName: campaign.name,
      label: describeOffer(parsed.data),
    };
    if (campaignState(campaign, now) === "expired") {
      return [{ ...base, status: "notQualified" as const, reason: shopCodes.ActionExpiredError }];
    }
    return [{ ...base, ...priceOffer(parsed.data, context) }];
  });
}

export type TrialOffer = { activationId: string; promotion: SubscriptionPromotion };

/**
 * The trial subscription a player's activated code holds on a campaign's page, for the subscription form of
 * `subscriptionPageId` (verify and take out): the promotion the form applies instead of the page's. Refused
 * as for the offer page: no campaign, no activation (`NoActivatedActionFoundError` with the action page),
 * an ended campaign, an offer that is not a trial or is for another form. An activation a sign-up reserved
 * counts (a retry of that sign-up); whether it is still free is decided when the sign-up is stored.
 */
export async function trialOfferFor(
  db: Db,
  request: { playerId: string; actionPageId: string; subscriptionPageId: string },
  now: Date,
): Promise<TrialOffer> {
  const campaign = await campaignOfPage(db, request.actionPageId);
  if (!campaign) throw codeError("ActionNotFoundError", shopCodes.ActionNotFoundError);
  const held = await playerOffer(db, request.playerId, request.actionPageId);
  if (campaignState(campaign, now) === "expired") {
    throw codeError("ActionExpiredError", shopCodes.ActionExpiredError);
  }
  if (held.subscription?.pageId !== request.subscriptionPageId) {
    throw codeError("Invalid", actionMessages.otherSubscriptionForm);
  }
  return { activationId: held.activationId, promotion: held.subscription.promotion };
}

/** What an order records of the adjustments that apply. */
export function orderAdjustments(adjustments: readonly BasketAdjustment[]): OrderAdjustment[] {
  return adjustments.flatMap((adjustment) =>
    adjustment.status === "applies"
      ? [
          {
            activationId: adjustment.activationId,
            label: `${adjustment.campaignName}: ${adjustment.label}`,
            amountInCents: adjustment.amountInCents,
            discountInCents: adjustment.discountInCents,
          },
        ]
      : [],
  );
}

/**
 * Reserves the order's activations, in the transaction that stores the order. Each must still be the
 * player's and open (or already this order's, a retry); one that another order took meanwhile (a second
 * tab) refuses the order: false.
 */
export async function reserveActivations(
  tx: Tx,
  order: { id: string; playerId: string; adjustments: readonly OrderAdjustment[] },
): Promise<boolean> {
  const ids = order.adjustments.map((adjustment) => adjustment.activationId);
  if (ids.length === 0) return true;
  const held = await holdActivations(
    tx,
    { column: "orderId", id: order.id },
    { ids, playerId: order.playerId },
  );
  return held === ids.length;
}

/**
 * Settles the activations an order reserved, in the transaction that settles the order: used when it is
 * paid, given back (activated, still in the basket) when it failed, was cancelled or expired.
 */
export async function settleActivations(tx: Tx, order: { id: string; status: string }, now: Date) {
  await settleHeldActivations(tx, { column: "orderId", id: order.id, status: order.status }, now);
}

/** At most this many personal codes per run (a mailing is split into runs beyond it). */
export const MAX_CODES_PER_RUN = 100_000;

/**
 * New personal codes for a campaign's mailing (`npm run campaigns:codes`): random codes from the alphabet
 * without look-alikes, unique over all campaigns (a code that exists is drawn again). Returns the codes
 * stored, for the mailing house's CSV; undefined when the campaign does not exist.
 */
export async function createPersonalCodes(
  db: Db,
  request: { campaignId: string; count: number; mailing: string },
  randomInt: (max: number) => number,
): Promise<string[] | undefined> {
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.id, request.campaignId));
  if (!campaign) return undefined;
  const created: string[] = [];
  while (created.length < request.count) {
    const batch = new Set<string>();
    const wanted = Math.min(1000, request.count - created.length);
    while (batch.size < wanted) batch.add(newActionCode(randomInt));
    const stored = await db
      .insert(actionCodes)
      .values(
        [...batch].map((code) => ({
          code,
          campaignId: campaign.id,
          kind: "personal",
          mailing: request.mailing,
        })),
      )
      .onConflictDoNothing()
      .returning({ code: actionCodes.code });
    created.push(...stored.map((row) => row.code));
  }
  return created;
}

/** The mailing house's CSV: one code per line, as printed (KERS-T234) and as stored. */
export function codesCsv(codes: readonly string[]): string {
  const lines = ["code;code_gedrukt", ...codes.map((code) => `${code};${formatActionCode(code)}`)];
  return `${lines.join("\r\n")}\r\n`;
}
