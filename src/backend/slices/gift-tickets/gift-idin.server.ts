import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import {
  ageValidations,
  draws,
  giftIdinRedemptions,
  giftTickets,
  players,
  tickets,
} from "@/src/backend/db/schema";
import { GiftError, redeemGiftIn } from "@/src/backend/orders/gift-tickets.server";
import type { GiftIdinState, RedeemedGift } from "@/src/contract/gift-tickets";
import { normaliseGiftCode } from "@/src/domain/gift-tickets/gift-rules";
import { ageOn, judgeIdinResult, MINIMUM_AGE } from "@/src/domain/identity/age-validation";
import type { IdinProvider } from "@/src/domain/identity/idin-provider";
import { ageValidationMessages, giftMessages } from "@/src/lib/messages";

/**
 * Redeeming a gift without an account (issue 17, `POST /api/gift-tickets/idin/{pageId}`): the visitor
 * proves at their bank (iDIN) that they are 18 or older, then completes an account through the portal,
 * and the ticket is issued to that account, whose age is then validated with the same answer. The
 * answer is always asked of the provider; the flow is bound to the visitor's cookie.
 */

export type GiftIdinServices = { db: Db; idin: IdinProvider | undefined; logger: Logger; now: () => Date };

/** The shop's page the bank sends the visitor back to (with the provider's `trxid`). */
export const GIFT_IDIN_RETURN_PATH = "/cadeau/verzilveren/idin";

function provider(services: GiftIdinServices): IdinProvider {
  if (!services.idin) throw new GiftError("Unavailable");
  return services.idin;
}

/** Checks the code (redeemable now) and starts the authentication at the chosen bank. */
export async function startGiftIdin(
  services: GiftIdinServices,
  request: { code: string; issuerId: string; visitorKey: string },
): Promise<GiftIdinState> {
  const idin = provider(services);
  const code = normaliseGiftCode(request.code);
  if (!code) throw new GiftError("VoucherCodeNotFoundError", { code: [giftMessages.code] });
  const [gift] = await services.db
    .select({ id: giftTickets.id, state: giftTickets.state })
    .from(giftTickets)
    .where(eq(giftTickets.code, code));
  if (gift?.state === "redeemed") {
    throw new GiftError("VoucherCodeAlreadyClaimedError", { code: [giftMessages.alreadyRedeemed] });
  }
  if (!gift || !["paid", "sent"].includes(gift.state)) {
    throw new GiftError("VoucherCodeNotFoundError", { code: [giftMessages.notFound] });
  }
  const issuer = (await idin.issuers()).find((candidate) => candidate.id === request.issuerId);
  if (!issuer) {
    throw new GiftError("Invalid", { issuerId: [ageValidationMessages.unknownIssuer] });
  }
  const reference = randomUUID();
  const started = await idin.start({ issuerId: issuer.id, reference, returnUrl: GIFT_IDIN_RETURN_PATH });
  await services.db.insert(giftIdinRedemptions).values({
    id: reference,
    giftId: gift.id,
    visitorKey: request.visitorKey,
    issuerId: issuer.id,
    transactionId: started.transactionId,
    status: "pending",
  });
  services.logger.info(
    { redemptionId: reference, issuerId: issuer.id },
    "gift redemption through iDIN started",
  );
  return { status: "started", redirectUrl: started.redirectUrl };
}

/**
 * The visitor's way on after the bank: the bank's answer is recorded once (18 or older: `verified`; under
 * 18: `underage`, and nothing is issued; the code stays unredeemed); a verified visitor who is now
 * logged in (registered or logged in through the portal) gets the ticket, and their account's age is
 * validated with the same answer when the account's name and date of birth match it. A replay answers the
 * same; another browser's transaction is not found.
 */
export async function continueGiftIdin(
  services: GiftIdinServices,
  request: { transactionId: string; visitorKey: string; playerId: string | undefined },
): Promise<GiftIdinState> {
  const { db } = services;
  const [found] = await db
    .select()
    .from(giftIdinRedemptions)
    .where(
      and(
        eq(giftIdinRedemptions.transactionId, request.transactionId),
        eq(giftIdinRedemptions.visitorKey, request.visitorKey),
      ),
    );
  if (!found) throw new GiftError("NotFound");
  let redemption = found;

  if (redemption.status === "pending") {
    const result = await provider(services).result(request.transactionId);
    if (result.status === "open") return { status: "pending" };
    const at = services.now();
    const status =
      result.status !== "success"
        ? result.status
        : ageOn(result.birthDate, at) < MINIMUM_AGE
          ? "underage"
          : "verified";
    const [updated] = await db
      .update(giftIdinRedemptions)
      .set({
        status,
        completedAt: at,
        ...(result.status === "success"
          ? { sharedName: result.name, sharedBirthDate: result.birthDate }
          : {}),
      })
      .where(and(eq(giftIdinRedemptions.id, redemption.id), eq(giftIdinRedemptions.status, "pending")))
      .returning();
    if (updated) {
      services.logger.info({ redemptionId: redemption.id, status }, "gift redemption iDIN answer recorded");
      redemption = updated;
    } else {
      // Another request recorded the answer first: its record is the redemption's.
      const [current] = await db
        .select()
        .from(giftIdinRedemptions)
        .where(eq(giftIdinRedemptions.id, redemption.id));
      if (current) redemption = current;
    }
  }

  if (redemption.status === "redeemed") {
    if (!request.playerId || redemption.playerId !== request.playerId) throw new GiftError("NotFound");
    return { status: "redeemed", redeemed: await redeemedTicket(db, redemption.giftId) };
  }
  if (redemption.status !== "verified") {
    return { status: redemption.status as "underage" | "cancelled" | "failed" };
  }
  const holder = { name: redemption.sharedName ?? "", birthDate: redemption.sharedBirthDate ?? "" };
  if (!request.playerId) return { status: "verified", holder };
  return redeemForPlayer(services, { ...redemption, ...holder }, request.playerId);
}

async function redeemForPlayer(
  services: GiftIdinServices,
  redemption: typeof giftIdinRedemptions.$inferSelect & { name: string; birthDate: string },
  playerId: string,
): Promise<GiftIdinState> {
  const at = services.now();
  return services.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(giftIdinRedemptions)
      .where(eq(giftIdinRedemptions.id, redemption.id))
      .for("update");
    if (current?.status === "redeemed" && current.playerId === playerId) {
      return { status: "redeemed" as const, redeemed: await redeemedTicket(tx, redemption.giftId) };
    }
    if (current?.status !== "verified") throw new GiftError("NotFound");
    const [player] = await tx
      .select({ lastName: players.lastName, birthDate: players.birthDate, state: players.validationState })
      .from(players)
      .where(eq(players.id, playerId));
    if (!player) throw new GiftError("NotFound");
    const judged = judgeIdinResult(redemption, player, at);
    // A refused or reviewed account, or one whose name or date of birth is not the bank's: customer service.
    if (player.state === "Refused" || player.state === "Review" || judged.status !== "validated") {
      return { status: "mismatch" as const };
    }
    const [gift] = await tx
      .select({ code: giftTickets.code })
      .from(giftTickets)
      .where(eq(giftTickets.id, redemption.giftId));
    if (!gift) throw new GiftError("NotFound");
    const redeemed = await redeemGiftIn(tx, playerId, gift.code);
    await tx
      .update(players)
      .set({ validationState: "Validated" })
      .where(and(eq(players.id, playerId), inArray(players.validationState, ["NotValidated"])));
    await tx.insert(ageValidations).values({
      playerId,
      issuerId: redemption.issuerId,
      transactionId: redemption.transactionId,
      status: "validated",
      returnPath: GIFT_IDIN_RETURN_PATH,
      sharedName: redemption.name,
      sharedBirthDate: redemption.birthDate,
      completedAt: at,
    });
    await tx
      .update(giftIdinRedemptions)
      .set({ status: "redeemed", playerId })
      .where(eq(giftIdinRedemptions.id, redemption.id));
    services.logger.info({ redemptionId: redemption.id }, "gift redeemed after iDIN");
    return { status: "redeemed" as const, redeemed };
  });
}

async function redeemedTicket(db: Pick<Db, "select">, giftId: string) {
  const [row] = await db
    .select({ number: tickets.number, fraction: giftTickets.fraction, draw: draws })
    .from(giftTickets)
    .innerJoin(tickets, eq(tickets.id, giftTickets.ticketId))
    .innerJoin(draws, eq(draws.id, giftTickets.drawId))
    .where(eq(giftTickets.id, giftId));
  if (!row) throw new GiftError("NotFound");
  return {
    number: row.number,
    fraction: row.fraction as RedeemedGift["fraction"],
    draw: { drawId: row.draw.id, name: row.draw.name, drawDate: row.draw.drawAt.toISOString() },
  };
}
