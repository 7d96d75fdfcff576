import { data, redirect } from "react-router";
import { type BasketAdjustment, getBasketAdjustments } from "@/src/contract/action-codes";
import { verifyBasket } from "@/src/contract/tickets";
import { BASKET_UNIT_LIMIT } from "@/src/domain/tickets/catalogue";
import { CachePolicy } from "@/src/lib/cache-policy";
import type { WithFlash } from "@/src/lib/flash/flash";
import { takeFlash } from "@/src/lib/flash/flash.server";
import { basket, basketPage, general, pageDescriptions } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import {
  basketSetCookie,
  removeFromServerBasket,
  type ServerBasketChange,
  updateServerBasket,
} from "@/src/shop/app/lib/server-basket.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import type { BasketFormError } from "@/src/shop/slices/basket/basket-contents";
import { type ServerBasket, withServerPrices } from "@/src/shop/slices/basket/server-basket";
import { basketFromRequest } from "@/src/shop/slices/checkout/checkout.server";
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
  if (tickets.length === 0) return { tickets, repriced: [] };
  try {
    const verified = await ctx.clients.shop.call(verifyBasket, { body: { tickets } });
    const priced = withServerPrices(tickets, verified);
    if (priced.repriced.length > 0) {
      headers.append("Set-Cookie", basketSetCookie(priced.tickets, config));
    }
    return { tickets: priced.tickets, verified, repriced: priced.repriced };
  } catch (error) {
    ctx.log.warn({ err: error }, "basket check failed; the basket page shows the cookie's basket");
    return { tickets, error: general.generic, repriced: [] };
  }
}

const QUANTITY = /^\d{1,3}$/;

/**
 * The basket page's forms without JavaScript: remove an item, or change its quantity (0 removes it) and
 * XL, under the rules of `window.basket`. Done: 303 back to the page. Refused: the page again, with the
 * Dutch reason and what the player typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const { config } = ctx.services;
  const form = await readFormPost(request);
  const basketItemId = textField(form, "basketItemId") ?? "";
  let change: ServerBasketChange;
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
  }
  switch (change.status) {
    case "changed":
      return redirect("/winkelmandje", { status: 303, headers: { "Set-Cookie": change.setCookie } });
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
