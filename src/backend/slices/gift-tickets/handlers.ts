import { requireValidatedAge } from "@/src/backend/http/age-gate";
import { checkPageHeader, partnerHostOf } from "@/src/backend/http/page-headers";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import {
  GiftError,
  getGiftStore,
  previewGift,
  putGiftStore,
  quoteGift,
  redeemGift,
  resendGift,
} from "@/src/backend/orders/gift-tickets.server";
import { startCheckout } from "@/src/backend/orders/orders.server";
import { continueGiftIdin, startGiftIdin } from "@/src/backend/slices/gift-tickets/gift-idin.server";
import {
  getGiftStore as getGiftStoreEndpoint,
  orderGift,
  previewGift as previewGiftEndpoint,
  putGiftStore as putGiftStoreEndpoint,
  redeemGiftAsPlayer,
  redeemGiftWithIdin,
  resendGiftEmail,
  verifyGift,
} from "@/src/contract/gift-tickets";
import { CachePolicy } from "@/src/lib/cache-policy";

/** Runs a gift call, the player's own; its refusals (GiftError, OrderError) the router answers. */
async function answering<T>(context: HandlerContext, work: () => Promise<T>): Promise<T> {
  context.res.setHeader("Cache-Control", CachePolicy.private);
  return work();
}

/** The gift block of the page; a call naming another page in `Cms-Page-Id` is refused first. */
function offerFor(context: HandlerContext) {
  return async (pageId: string) => {
    checkPageHeader(context, pageId, false);
    return context.services.pageContent?.("giftTicket", pageId);
  };
}

/** Gift tickets (issue 17): check, keep, order and redeem. */
export const giftTicketHandlers = [
  implement(verifyGift, async ({ params, body }, context) =>
    answering(context, async () => {
      const offer = await offerFor(context)(params.pageId);
      return (await quoteGift(context.services.db, offer, body, context.services.now())).quote;
    }),
  ),

  implement(putGiftStoreEndpoint, async ({ params, body }, context) =>
    answering(context, async () =>
      putGiftStore(
        context.services.db,
        {
          id: params.id,
          visitorKey: context.services.sessions.visitorKey(context.req, context.res),
          pageId: body.pageId,
          offer: await offerFor(context)(body.pageId),
          choice: body.choice,
        },
        context.services.now(),
      ),
    ),
  ),

  implement(getGiftStoreEndpoint, async ({ params }, context) =>
    answering(context, async () =>
      getGiftStore(
        context.services.db,
        {
          id: params.id,
          visitorKey: context.services.sessions.visitorKey(context.req, context.res),
          offerFor: offerFor(context),
        },
        context.services.now(),
      ),
    ),
  ),

  implement(orderGift, async ({ params, body }, context) =>
    answering(context, async () => {
      requireValidatedAge(context.player);
      const { db, now } = context.services;
      const stored = await getGiftStore(
        db,
        {
          id: body.storeId,
          visitorKey: context.services.sessions.visitorKey(context.req, context.res),
          offerFor: offerFor(context),
        },
        now(),
      );
      if (stored.pageId !== params.pageId) throw new GiftError("NotFound");
      const { line } = await quoteGift(
        db,
        await offerFor(context)(params.pageId),
        stored.quote.choice,
        now(),
      );
      return startCheckout(
        { db, payments: context.services.payments, logger: context.log, now },
        {
          playerId: context.player.id,
          transactionId: body.transactionId,
          tickets: [line],
          paymentMethod: body.paymentMethod,
          issuer: body.paymentMethod === "ideal" ? body.issuer : undefined,
          pageId: params.pageId,
          gift: { pageId: params.pageId, storeId: body.storeId, choice: stored.quote.choice },
          partner: partnerHostOf(context),
        },
      );
    }),
  ),

  implement(previewGiftEndpoint, async ({ params, body }, context) =>
    answering(context, async () => {
      if (!(await offerFor(context)(params.pageId))) throw new GiftError("NotFound");
      return previewGift(context.services.db, body.code);
    }),
  ),

  implement(redeemGiftAsPlayer, async ({ params, body }, context) =>
    answering(context, async () => {
      requireValidatedAge(context.player);
      if (!(await offerFor(context)(params.pageId))) throw new GiftError("NotFound");
      const redeemed = await redeemGift(context.services.db, context.player.id, body.code);
      context.log.info({ event: "gift_redeemed", drawId: redeemed.draw.drawId }, "gift ticket redeemed");
      return redeemed;
    }),
  ),

  implement(redeemGiftWithIdin, async ({ params, body }, context) =>
    answering(context, async () => {
      if (!(await offerFor(context)(params.pageId))) throw new GiftError("NotFound");
      const { db, idin, now, sessions } = context.services;
      const services = { db, idin, logger: context.log, now };
      const visitorKey = sessions.visitorKey(context.req, context.res);
      if ("code" in body) {
        return startGiftIdin(services, { code: body.code, issuerId: body.issuerId, visitorKey });
      }
      const player = await sessions.currentPlayer(context.req, context.res);
      return continueGiftIdin(services, {
        transactionId: body.transactionId,
        visitorKey,
        playerId: player?.id,
      });
    }),
  ),
  implement(resendGiftEmail, async ({ params }, context) =>
    answering(context, async () => {
      const answer = await resendGift(context.services, context.player.id, params.orderId);
      context.log.info({ event: "gift_email_resent" }, "gift e-mail sent again");
      return answer;
    }),
  ),
];
