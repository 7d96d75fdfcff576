import { data, redirect } from "react-router";
import { type BasketAdjustment, getBasketAdjustments } from "@/src/contract/action-codes";
import { verifyBasket } from "@/src/contract/tickets";
import { encodeBasketCookie } from "@/src/domain/tickets/basket-cookie";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { BASKET_UNIT_LIMIT } from "@/src/domain/tickets/catalogue";
import { CachePolicy } from "@/src/lib/cache-policy";
import type { WithFlash } from "@/src/lib/flash/flash";
import { takeFlash } from "@/src/lib/flash/flash.server";
import { basket, basketPage, general, pageDescriptions } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import {
  addToServerBasket,
  basketSetCookie,
  removeFromServerBasket,
  type ServerBasketChange,
  updateServerBasket,
} from "@/src/shop/app/lib/server-basket.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import type { BasketFormError } from "@/src/shop/slices/basket/basket-contents";
import { type ServerBasket, UNDO_FIELD, withServerPrices } from "@/src/shop/slices/basket/server-basket";
import { basketFromRequest, ticketsFromCheckoutForm } from "@/src/shop/slices/checkout/checkout.server";
import type { Route } from "./+types/basket";

/** The basket's controls and the API client they check with load after the page (decision 16). */
const BasketContents = deferred(
  () => import("@/src/shop/slices/basket/basket-contents").then((module) => module.BasketContents),
  { api: true },
);
/** A logged-in player's campaign offers, with the action code form (loaded after the page as well). */
const BasketOffers = deferred(() =>
  import("@/src/shop/slices/action-codes/basket-offers").then((module) => module.BasketOffers),
);

export const meta: Route.MetaFunction = () => [
  ...pageMeta(basketPage.title, pageDescriptions.basket),
  { name: "robots", content: "noindex" },
];

/**
 * A document shows the basket the server read from the cookie (before hydration, and all a browser
 * without JavaScript gets), checked by the shop API. A client-side navigation renders the tab's own
 * store, so its data request checks nothing. Either takes the flash message a redirect left here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const headers = new Headers({ "Cache-Control": CachePolicy.private });
  const taken = takeFlash(request, { secure: ctx.services.config.secureCookies });
  if (taken) headers.append("Set-Cookie", taken.clear);
  const server = isDocumentRequest(ctx) ? await serverBasket(ctx, request, headers) : undefined;
  const offers = await basketOffers(ctx, request);
  return data<WithFlash & { server?: ServerBasket; offers?: BasketOffersData }>(
    { flash: taken?.flash, server, offers },
    { headers },
  );
}

type BasketOffersData = { adjustments: BasketAdjustment[]; totalInCents: number };

/**
 * A logged-in player's campaign offers in the basket (issue 18), priced by the shop API against the
 * cookie's basket. Without a login there are none; a failed check leaves them out (checkout prices again).
 */
async function basketOffers(ctx: RequestContext, request: Request): Promise<BasketOffersData | undefined> {
  if (!(await ctx.player())) return undefined;
  const tickets = basketFromRequest(request, ctx.services.config.secureCookies);
  try {
    return await ctx.clients.shop.call(getBasketAdjustments, { body: { tickets: [...tickets] } });
  } catch (error) {
    ctx.log.warn({ err: error }, "basket offers could not be priced; the basket page shows none");
    return undefined;
  }
}

/** A document request renders server-rendered blocks into its HTML; a data request has no such map. */
function isDocumentRequest(ctx: RequestContext): boolean {
  return ctx.documentHtml !== undefined;
}

/**
 * The cookie's basket as the shop API sees it. New prices are taken over and stored in the cookie, as
 * the page's script does. A failed check leaves the basket usable: checkout checks again.
 */
async function serverBasket(ctx: RequestContext, request: Request, headers: Headers): Promise<ServerBasket> {
  const { config } = ctx.services;
  const tickets = basketFromRequest(request, config.secureCookies);
  const removed = removedLine(request, tickets);
  if (tickets.length === 0) return { tickets, repriced: [], removed };
  try {
    const verified = await ctx.clients.shop.call(verifyBasket, { body: { tickets } });
    const priced = withServerPrices(tickets, verified);
    if (priced.repriced.length > 0) {
      headers.append("Set-Cookie", basketSetCookie(priced.tickets, config));
    }
    return { tickets: priced.tickets, verified, repriced: priced.repriced, removed };
  } catch (error) {
    ctx.log.warn({ err: error }, "basket check failed; the basket page shows the cookie's basket");
    return { tickets, error: general.generic, repriced: [], removed };
  }
}

/** The line the action just removed (named in the address it answered with), unless it is back already. */
function removedLine(request: Request, tickets: readonly BasketTicket[]): BasketTicket | undefined {
  const [line] = ticketsFromCheckoutForm(new URL(request.url).searchParams.get(UNDO_FIELD));
  return line && !tickets.some((ticket) => ticket.basketItemId === line.basketItemId) ? line : undefined;
}

/** Back to the basket; after a removal with the line in the address, so the page offers it back (issue 43). */
function backToBasket(removed: BasketTicket | undefined): string {
  if (!removed) return "/winkelmandje";
  return `/winkelmandje?${new URLSearchParams({ [UNDO_FIELD]: encodeBasketCookie([removed]) })}`;
}

/** "Ongedaan maken" without JavaScript: the removed line goes back in, under the basket's rules. */
function undoRemoval(request: Request, config: RequestContext["services"]["config"], form: URLSearchParams) {
  const restored = ticketsFromCheckoutForm(form.get(UNDO_FIELD)).slice(0, 1);
  const change = addToServerBasket(request, config, restored);
  if (change.status === "changed") {
    return redirect("/winkelmandje", { status: 303, headers: { "Set-Cookie": change.setCookie } });
  }
  if (change.status === "overLimit") {
    return data<BasketFormError>({ error: basket.overLimit }, { status: 422 });
  }
  return redirect("/winkelmandje", 303);
}

const QUANTITY = /^\d{1,3}$/;

/**
 * The basket page's forms without JavaScript: remove an item, or change its quantity (0 removes it) and
 * XL, under the rules of `window.basket`, or put a removed line back. Done: 303 back to the page (after a
 * removal naming the line, which the page offers back). Refused: the page again, with the
 * Dutch reason and what the player typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const { config } = ctx.services;
  const form = await readFormPost(request);
  if (form.get("intent") === "undo") return undoRemoval(request, config, form);
  const basketItemId = textField(form, "basketItemId") ?? "";
  const line = basketFromRequest(request, config.secureCookies).find(
    (ticket) => ticket.basketItemId === basketItemId,
  );
  let change: ServerBasketChange;
  let removes = true;
  if (form.get("intent") === "remove") {
    change = removeFromServerBasket(request, config, basketItemId);
  } else {
    const entered = form.get("quantity")?.trim() ?? "";
    const quantity = QUANTITY.test(entered) ? Number(entered) : Number.NaN;
    if (!(quantity <= BASKET_UNIT_LIMIT)) {
      const error = basketPage.quantityInvalid(BASKET_UNIT_LIMIT);
      return data<BasketFormError>({ error, basketItemId, quantity: entered.slice(0, 10) }, { status: 422 });
    }
    const withXl = form.has("xlShown") ? form.has("withXl") : undefined;
    change = updateServerBasket(request, config, basketItemId, { quantity, withXl });
    removes = quantity === 0;
  }
  switch (change.status) {
    case "changed":
      return redirect(backToBasket(removes ? line : undefined), {
        status: 303,
        headers: { "Set-Cookie": change.setCookie },
      });
    case "ticketNotFound":
      // Removed in another tab meanwhile: the page shows the basket as it is.
      return redirect("/winkelmandje", 303);
    case "overLimit":
      return data<BasketFormError>({ error: basket.overLimit, basketItemId }, { status: 422 });
    case "notAValidTicket":
      return data<BasketFormError>({ error: basket.itemNotFound, basketItemId }, { status: 422 });
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const result = new Headers({ "Cache-Control": CachePolicy.private });
  for (const cookie of [...actionHeaders.getSetCookie(), ...loaderHeaders.getSetCookie()])
    result.append("Set-Cookie", cookie);
  return result;
};

/** /winkelmandje: the basket, checked against the open draws and current prices (spec sections 2, 4, 8). */
export default function BasketPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageFrame title={basketPage.title}>
      <BasketContents server={loaderData?.server} formError={actionData} offers={loaderData?.offers} />
      {loaderData?.offers ? (
        <BasketOffers
          adjustments={loaderData.offers.adjustments}
          totalInCents={loaderData.offers.totalInCents}
        />
      ) : null}
    </PageFrame>
  );
}
