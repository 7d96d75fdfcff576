import {
  getSubscriptionConfiguratorProducts,
  getSubscriptionItem,
  getSubscriptionOrder,
  getSubscriptionPriceDetails,
  getSubscriptionProducts,
  getSubscriptions,
  getSweepstakeResult,
  takeOutSubscription,
  verifySubscription,
} from "@/src/api/contract/subscriptions";
import { maskIban, normaliseIban } from "@/src/domain/portal/iban";
import { subscriptionItemDetails, subscriptionSummaries } from "@/src/features/subscriptions/overview.server";
import {
  drawProducts,
  filteredProducts,
  priceChoice,
  requireOffer,
  subscriptionPriceDetails,
} from "@/src/features/subscriptions/sales.server";
import {
  type SignUpServices,
  signUpResult,
  signUpSweepstakeResult,
  startSignUp,
} from "@/src/features/subscriptions/sign-up.server";
import { HttpProblem } from "../problem-error";
import { type HandlerContext, implement } from "../router";
import { requireValidatedAge } from "./age-gate";
import { answering } from "./subscription-answering";

/**
 * The account a mandate collects from. The sign-up form fills in the profile's IBAN as the portal shows it
 * (only its last four characters); sent back unchanged, it stands for the player's own IBAN on file.
 */
function mandateIban(sent: string, profileIban: string | null): string {
  return profileIban && normaliseIban(sent) === maskIban(profileIban) ? profileIban : sent;
}

function signUpServices(context: HandlerContext): SignUpServices {
  return {
    db: context.services.db,
    payments: context.services.payments,
    logger: context.log,
    now: context.services.now,
  };
}

export const subscriptionHandlers = [
  implement(getSubscriptionPriceDetails, ({ params }, { services, res }) =>
    answering(async () => {
      const offer = await requireOffer(services.subscriptionOffer, params.pageId);
      // Shared caches may keep the catalogue briefly; closing times are checked again on every sign-up.
      res.setHeader("Cache-Control", "public, max-age=5");
      return subscriptionPriceDetails(services.db, services.now(), offer);
    }),
  ),

  implement(getSubscriptionConfiguratorProducts, ({ query }, { services, res }) =>
    answering(async () => {
      const products = await drawProducts(services.db, services.now(), query.drawId, query.gameType);
      res.setHeader("Cache-Control", "public, max-age=5");
      return { drawId: query.drawId, gameType: query.gameType, products };
    }),
  ),

  implement(getSubscriptionProducts, async ({ query }, { res }) => {
    res.setHeader("Cache-Control", "public, max-age=60");
    return { products: filteredProducts(query) };
  }),

  implement(verifySubscription, ({ params, body }, { services, res }) =>
    answering(async () => {
      res.setHeader("Cache-Control", "no-store");
      const offer = await requireOffer(services.subscriptionOffer, params.pageId);
      const { transactionId, ...choice } = body;
      return (await priceChoice(services.db, services.now(), offer, choice, transactionId)).quote;
    }),
  ),

  implement(takeOutSubscription, ({ params, body }, context) =>
    answering(async () => {
      context.res.setHeader("Cache-Control", "private, no-store");
      requireValidatedAge(context.player);
      const offer = await requireOffer(context.services.subscriptionOffer, params.pageId);
      const signUp = { ...body, iban: mandateIban(body.iban, context.player.iban) };
      return startSignUp(signUpServices(context), { playerId: context.player.id, offer, signUp });
    }),
  ),

  implement(getSubscriptionOrder, async ({ params }, context) => {
    context.res.setHeader("Cache-Control", "private, no-store");
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
    context.res.setHeader("Cache-Control", "private, no-store");
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
    res.setHeader("Cache-Control", "private, no-store");
    return { subscriptions: await subscriptionSummaries(services.db, services.now(), player.id) };
  }),

  implement(getSubscriptionItem, async ({ params }, { services, player, res }) => {
    res.setHeader("Cache-Control", "private, no-store");
    const item = await subscriptionItemDetails(services.db, player.id, params.subscriptionItemId);
    if (!item) throw new HttpProblem(404);
    return item;
  }),
];
