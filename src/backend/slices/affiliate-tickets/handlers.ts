import { requireValidatedAge } from "@/src/backend/http/age-gate";
import { affiliateHeader, checkPageHeader } from "@/src/backend/http/page-headers";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import {
  getAffiliateStore,
  orderAffiliate,
  putAffiliateStore,
  quoteAffiliate,
} from "@/src/backend/slices/affiliate-tickets/affiliates.server";
import {
  getAffiliateStore as getAffiliateStoreEndpoint,
  orderAffiliate as orderAffiliateEndpoint,
  putAffiliateStore as putAffiliateStoreEndpoint,
  verifyAffiliate,
} from "@/src/contract/affiliate-tickets";
import { CachePolicy } from "@/src/lib/cache-policy";

/** Runs an affiliate call, the visitor's own; the router answers its refusals (AffiliateError...). */
async function answering<T>(context: HandlerContext, work: () => Promise<T>): Promise<T> {
  context.res.setHeader("Cache-Control", CachePolicy.private);
  return work();
}

/** The affiliate block of a page; a call naming another page in `Cms-Page-Id` is refused first. */
function offerFor(context: HandlerContext, required: boolean) {
  return async (pageId: string) => {
    checkPageHeader(context, pageId, required);
    return context.services.pageContent?.("affiliateTicket", pageId);
  };
}

/** The logged-in player, when there is one, on a call open to visitors. */
async function playerIdOf(context: HandlerContext): Promise<string | undefined> {
  return (await context.services.sessions.currentPlayer(context.req, context.res))?.id;
}

/** Affiliate tickets (issue 17): check, keep and order a partner's offer. */
export const affiliateTicketHandlers = [
  implement(verifyAffiliate, async ({ params }, context) =>
    answering(context, async () => {
      const { quote } = await quoteAffiliate(
        context.services.db,
        {
          offer: await offerFor(context, true)(params.pageId),
          partnerSent: affiliateHeader(context),
          playerId: await playerIdOf(context),
        },
        context.services.now(),
      );
      return quote;
    }),
  ),

  implement(putAffiliateStoreEndpoint, async ({ params, body }, context) =>
    answering(context, async () =>
      putAffiliateStore(
        context.services.db,
        {
          id: params.id,
          visitorKey: context.services.sessions.visitorKey(context.req, context.res),
          pageId: body.pageId,
          offer: await offerFor(context, true)(body.pageId),
          partnerSent: affiliateHeader(context),
          playerId: await playerIdOf(context),
        },
        context.services.now(),
      ),
    ),
  ),

  implement(getAffiliateStoreEndpoint, async ({ params }, context) =>
    answering(context, async () =>
      getAffiliateStore(
        context.services.db,
        {
          id: params.id,
          visitorKey: context.services.sessions.visitorKey(context.req, context.res),
          offerFor: offerFor(context, false),
          playerId: await playerIdOf(context),
        },
        context.services.now(),
      ),
    ),
  ),

  implement(orderAffiliateEndpoint, async ({ params, body }, context) =>
    answering(context, async () => {
      requireValidatedAge(context.player);
      const { db, payments, now, sessions } = context.services;
      const started = await orderAffiliate(
        { db, payments, logger: context.log, now },
        {
          playerId: context.player.id,
          pageId: params.pageId,
          storeId: body.storeId,
          visitorKey: sessions.visitorKey(context.req, context.res),
          offerFor: offerFor(context, true),
          partnerSent: affiliateHeader(context),
          transactionId: body.transactionId,
          paymentMethod: body.paymentMethod,
          issuer: body.issuer,
        },
      );
      context.log.info(
        { event: "affiliate_order", pageId: params.pageId, status: started.status },
        "affiliate ticket ordered",
      );
      return started;
    }),
  ),
];
