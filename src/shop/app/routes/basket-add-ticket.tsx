import { redirect } from "react-router";
import { CachePolicy } from "@/src/lib/cache-policy";
import { createFlash } from "@/src/lib/flash/flash";
import { flashCookieHeader } from "@/src/lib/flash/flash.server";
import { basket, basketLink } from "@/src/lib/messages";
import { addToServerBasket } from "@/src/shop/app/lib/server-basket.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ticketsFromLink } from "@/src/shop/slices/basket/add-ticket-link.server";
import type { Route } from "./+types/basket-add-ticket";

/**
 * Adds the ticket a link describes to the basket cookie on the server, then shows the basket: it works
 * without JavaScript, and the page the player lands on already holds the ticket. Merging and the limit of
 * 100 follow the same rules as `window.basket`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { config } = ctx.services;
  const secure = config.secureCookies;
  const headers = new Headers({ "Cache-Control": CachePolicy.private });
  const outcome = await ticketsFromLink(ctx.clients.shop, new URL(request.url));
  if (!outcome.ok) {
    headers.append(
      "Set-Cookie",
      flashCookieHeader(createFlash(outcome.reason ?? basket.itemNotFound, "error", false), { secure }),
    );
    throw redirect("/winkelmandje", { headers });
  }
  const change = addToServerBasket(request, config, outcome.tickets);
  if (change.status !== "changed") {
    headers.append(
      "Set-Cookie",
      flashCookieHeader(createFlash(basket.overLimit, "error", false), { secure }),
    );
    throw redirect("/winkelmandje", { headers });
  }
  headers.append("Set-Cookie", change.setCookie);
  headers.append("Set-Cookie", flashCookieHeader(createFlash(basketLink.added, "success"), { secure }));
  throw redirect("/winkelmandje", { headers });
}

export default function BasketAddTicketPage() {
  return null;
}
