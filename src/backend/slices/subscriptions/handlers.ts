import { requireValidatedAge } from "@/src/backend/http/age-gate";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import { trialOfferFor } from "@/src/backend/orders/action-codes.server";
import {
  collectionPaymentResult,
  startCollectionPayment,
} from "@/src/backend/slices/subscriptions/collection-payments.server";
import {
  subscriptionItemDetails,
  subscriptionSummaries,
} from "@/src/backend/slices/subscriptions/overview.server";
import {
  drawProducts,
  filteredProducts,
  priceChoice,
  requireOffer,
  subscriptionPriceDetails,
} from "@/src/backend/slices/subscriptions/sales.server";
import {
  type SignUpServices,
  signUpResult,
  signUpSweepstakeResult,
  startSignUp,
} from "@/src/backend/slices/subscriptions/sign-up.server";
import {
  getOutstandingPayment,
  getSubscriptionConfiguratorProducts,
  getSubscriptionItem,
  getSubscriptionOrder,
  getSubscriptionPriceDetails,
  getSubscriptionProducts,
  getSubscriptions,
  getSweepstakeResult,
  payOutstanding,
  takeOutSubscription,
  verifySubscription,
} from "@/src/contract/subscriptions";
import { lookupOf } from "@/src/domain/page-content";
import { maskIban, normaliseIban } from "@/src/domain/portal/iban";
import type { SubscriptionPageOffer } from "@/src/domain/subscriptions/plan";
import { CachePolicy } from "@/src/lib/cache-policy";
import { answering } from "./answering";
import { choosesTrial, refuseRepeatedTrial } from "./trial-once.server";

/**
 * The account a mandate collects from. The sign-up form fills in the profile's IBAN as the portal shows it
 * (only its last four characters); sent back unchanged, it stands for the player's own IBAN on file.
 */
function mandateIban(sent: string, profileIban: string | null): string {
  return profileIban && normaliseIban(sent) === maskIban(profileIban) ? profileIban : sent;
}

/** The CMS's subscription form blocks by page id: what each page sells. */
function offersOf(services: HandlerContext["services"]) {
  return lookupOf(services.pageContent, "subscriptionConfigurator");
}

function signUpServices(context: HandlerContext): SignUpServices {
  return {
    db: context.services.db,
    payments: context.services.payments,
    logger: context.log,
    now: context.services.now,
  };
}

type WithTrial<C> = { offer: SubscriptionPageOffer; choice: C; trialActivationId?: string };

/**
 * A choice sent with a campaign's page (`actionPageId`, issue 18): the player's activated trial
 * subscription replaces the page's promotion and is taken; refused as the campaign refuses it (no
 * activation, ended, another form), and without a login (401).
 */
async function withTrial<C extends { actionPageId?: string; chosenPromotionId?: string }>(
  context: HandlerContext,
  playerId: string | undefined,
  offer: SubscriptionPageOffer,
  choice: C,
): Promise<WithTrial<C>> {
  if (!choice.actionPageId) return { offer, choice };
  if (!playerId) throw new HttpProblem(401);
  const trial = await trialOfferFor(
    context.services.db,
    { playerId, actionPageId: choice.actionPageId, subscriptionPageId: offer.pageId },
    context.services.now(),
  );
  return {
    offer: { ...offer, promotion: trial.promotion },
    choice: { ...choice, chosenPromotionId: trial.promotion.id },
    trialActivationId: trial.activationId,
  };
}

export const subscriptionHandlers = [
  implement(getSubscriptionPriceDetails, ({ params }, { services, res }) =>
    answering(async () => {
      const offer = await requireOffer(offersOf(services), params.pageId);
      // Shared caches may keep the catalogue briefly; closing times are checked again on every sign-up.
      res.setHeader("Cache-Control", CachePolicy.catalogue);
      return subscriptionPriceDetails(services.db, services.now(), offer);
    }),
  ),

  implement(getSubscriptionConfiguratorProducts, ({ query }, { services, res }) =>
    answering(async () => {
      const products = await drawProducts(services.db, services.now(), query.drawId, query.gameType);
      res.setHeader("Cache-Control", CachePolicy.catalogue);
      return { drawId: query.drawId, gameType: query.gameType, products };
    }),
  ),

  implement(getSubscriptionProducts, async ({ query }, { res }) => {
    res.setHeader("Cache-Control", CachePolicy.productList);
    return { products: filteredProducts(query) };
  }),

  implement(verifySubscription, ({ params, body }, context) =>
    answering(async () => {
      const { services, req, res } = context;
      res.setHeader("Cache-Control", CachePolicy.noStore);
      const pageOffer = await requireOffer(offersOf(services), params.pageId);
      const { transactionId, ...sent } = body;
      // A campaign's trial is the player's, and a trial is a player's first subscription only (issue 43):
      // only then is the login looked at.
      const asksTrial = sent.actionPageId || choosesTrial(pageOffer.promotion, sent);
      const player = asksTrial ? await services.sessions.currentPlayer(req, res) : undefined;
      const { offer, choice } = await withTrial(context, player?.id, pageOffer, sent);
      if (player) await refuseRepeatedTrial(services.db, player.id, offer.promotion, choice);
      return (await priceChoice(services.db, services.now(), offer, choice, transactionId)).quote;
    }),
  ),

  implement(takeOutSubscription, ({ params, body }, context) =>
    answering(async () => {
      context.res.setHeader("Cache-Control", CachePolicy.private);
      requireValidatedAge(context.player);
      const pageOffer = await requireOffer(offersOf(context.services), params.pageId);
      const sent = { ...body, iban: mandateIban(body.iban, context.player.iban) };
      const { offer, choice, trialActivationId } = await withTrial(
        context,
        context.player.id,
        pageOffer,
        sent,
      );
      return startSignUp(signUpServices(context), {
        playerId: context.player.id,
        offer,
        signUp: choice,
        trialActivationId,
      });
    }),
  ),

  implement(getSubscriptionOrder, async ({ params }, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    const result = await signUpResult(
      signUpServices(context),
      context.player.id,
      params.pageId,
      params.orderId,
    );
    if (!result) throw new HttpProblem(404);
    return result;
  }),

  implement(getSweepstakeResult, async ({ params }, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    const result = await signUpSweepstakeResult(
      signUpServices(context),
      context.player.id,
      params.pageId,
      params.orderId,
    );
    if (!result) throw new HttpProblem(404);
    return result;
  }),

  implement(getSubscriptions, async (_input, { services, player, res }) => {
    res.setHeader("Cache-Control", CachePolicy.private);
    return { subscriptions: await subscriptionSummaries(services.db, services.now(), player.id) };
  }),

  implement(payOutstanding, ({ params, body }, context) =>
    answering(async () => {
      context.res.setHeader("Cache-Control", CachePolicy.private);
      return startCollectionPayment(signUpServices(context), {
        playerId: context.player.id,
        subscriptionId: params.subscriptionId,
        transactionId: body.transactionId,
        method: body.paymentMethod,
        issuer: body.issuer,
      });
    }),
  ),

  implement(getOutstandingPayment, ({ params }, context) =>
    answering(async () => {
      context.res.setHeader("Cache-Control", CachePolicy.private);
      const result = await collectionPaymentResult(
        signUpServices(context),
        context.player.id,
        params.subscriptionId,
        params.transactionId,
      );
      if (!result) throw new HttpProblem(404);
      return result;
    }),
  ),

  implement(getSubscriptionItem, async ({ params }, { services, player, res }) => {
    res.setHeader("Cache-Control", CachePolicy.private);
    const item = await subscriptionItemDetails(services.db, player.id, params.subscriptionItemId);
    if (!item) throw new HttpProblem(404);
    return item;
  }),
];
