import { data, redirect } from "react-router";
import { getBasketAdjustments } from "@/src/contract/action-codes";
import { storeBasket, verifyBasket } from "@/src/contract/tickets";
import { CHECKOUT_PAYMENT_METHODS, type CheckoutPaymentMethod } from "@/src/domain/payments/payment-method";
import { CachePolicy } from "@/src/lib/cache-policy";
import { takeFlash } from "@/src/lib/flash/flash.server";
import { checkout, general, portal } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { asPlayer } from "@/src/shop/app/lib/require-player.server";
import { requireValidatedAge } from "@/src/shop/app/lib/require-validated-age.server";
import { walletBalance } from "@/src/shop/app/lib/wallet-balance.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import {
  basketFromRequest,
  checkoutId,
  endCheckoutCookie,
  ticketsFromCheckoutForm,
} from "@/src/shop/slices/checkout/checkout.server";
import { CHECKOUT_TICKETS_FIELD, type CheckoutChoice } from "@/src/shop/slices/checkout/checkout-form";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(checkout.title),
  { name: "robots", content: "noindex" },
];

/**
 * Checkout (behind `auth`: an anonymous player goes to the portal and comes back here). The basket is
 * verified on the server before anything is shown, so the player sees the prices that will be charged. A
 * player whose age the bank has not confirmed goes through iDIN first and comes back here (issue 16).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const player = await requireValidatedAge(ctx, request);
  const secure = ctx.services.config.secureCookies;
  const basket = basketFromRequest(request, secure);
  const [verified, offers, balanceInCents] = await Promise.all([
    asPlayer(ctx, request, ctx.clients.shop.call(verifyBasket, { body: { tickets: [...basket] } })),
    // The campaign offers in the basket (issue 18), priced as the order will be.
    asPlayer(ctx, request, ctx.clients.shop.call(getBasketAdjustments, { body: { tickets: [...basket] } })),
    walletBalance(ctx),
  ]);
  const transaction = checkoutId(request, secure);
  const token = await formToken(ctx);
  const headers = new Headers();
  if (transaction.setCookie) headers.append("Set-Cookie", transaction.setCookie);
  // The confirmation of the bank's return (iDIN) is in the HTML, without JavaScript too.
  const taken = takeFlash(request, { secure });
  if (taken) headers.append("Set-Cookie", taken.clear);
  return data(
    {
      verified,
      offers,
      balanceInCents,
      transactionId: transaction.id,
      email: player.email,
      token,
      flash: taken?.flash,
    },
    { headers },
  );
}

/** The longest iDEAL issuer the shop API takes. */
const ISSUER_MAX_LENGTH = 40;

function paymentChoice(form: URLSearchParams): { paymentMethod: CheckoutPaymentMethod; issuer?: string } {
  const method =
    CHECKOUT_PAYMENT_METHODS.find((candidate) => candidate === form.get("paymentMethod")) ?? "ideal";
  const issuer = textField(form, "issuer");
  return {
    paymentMethod: method,
    issuer: method === "ideal" && issuer && issuer.length <= ISSUER_MAX_LENGTH ? issuer : undefined,
  };
}

/**
 * Paying without JavaScript (the form posts here; with JavaScript the page calls the shop API itself):
 * stores the tickets the page showed under the checkout's transaction id, then 303 to the payment page.
 * A refusal shows the checkout again with the shop's Dutch message and the player's payment choice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requireValidatedAge(ctx, request);
  const secure = ctx.services.config.secureCookies;
  const form = await readFormPost(request);
  const choice = paymentChoice(form);
  if (!(await checkFormToken(ctx, form)).valid) {
    ctx.log.warn({ event: "checkout_form_refused" }, "checkout form without a valid anti-forgery token");
    return data<CheckoutChoice>({ ...choice, error: portal.formExpired }, { status: 403 });
  }
  const tickets = ticketsFromCheckoutForm(form.get(CHECKOUT_TICKETS_FIELD));
  const transaction = checkoutId(request, secure);
  const headers = new Headers();
  if (transaction.setCookie) headers.append("Set-Cookie", transaction.setCookie);
  if (tickets.length === 0) {
    return data<CheckoutChoice>({ ...choice, error: checkout.emptyBasket }, { status: 422, headers });
  }
  try {
    const started = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(storeBasket, { body: { transactionId: transaction.id, tickets, ...choice } }),
    );
    return redirect(started.redirectUrl, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    // The earlier attempt is over: the next one starts a new order under a new id.
    if (error.code === "TransactionRolledbackError") headers.append("Set-Cookie", endCheckoutCookie(secure));
    // A refusal at the payment method (a balance that does not cover the order) says why there.
    const message = error.fieldErrors.paymentMethod?.[0] ?? (error.message || general.generic);
    return data<CheckoutChoice>({ ...choice, error: message }, { status: error.status, headers });
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const result = new Headers({ "Cache-Control": CachePolicy.private });
  // The action's cookies come last: a checkout it ended must not be started again by the loader's.
  for (const cookie of [...loaderHeaders.getSetCookie(), ...actionHeaders.getSetCookie()])
    result.append("Set-Cookie", cookie);
  return result;
};

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/checkout").then((module) => module.CheckoutPage));

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
