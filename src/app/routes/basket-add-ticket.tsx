import { redirect } from "react-router";
import { requestContext } from "@/src/app/request-context";
import { createFlash } from "@/src/components/flash/flash";
import { flashCookieHeader } from "@/src/components/flash/flash.server";
import { basketCookie } from "@/src/domain/tickets/basket-cookie";
import { addTicket, loadBasket, randomBasketItemId } from "@/src/domain/tickets/basket-rules";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { ticketsFromLink } from "@/src/features/basket/add-ticket-link.server";
import { basketFromRequest } from "@/src/features/checkout/checkout.server";
import { basket, basketLink } from "@/src/lib/messages";
import type { Route } from "./+types/basket-add-ticket";

/**
 * Adds the ticket a link describes to the basket cookie on the server, then shows the basket: it works
 * without JavaScript, and the page the player lands on already holds the ticket. Merging and the limit of
 * 100 follow the same rules as `window.basket`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { secureCookies: secure, cookieDomain: domain } = ctx.services.config;
  const now = new Date();
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const outcome = await ticketsFromLink(ctx.clients.shop, new URL(request.url));
  if (!outcome.ok) {
    headers.append(
      "Set-Cookie",
      flashCookieHeader(createFlash(basket.itemNotFound, "error", false), { secure }),
    );
    throw redirect("/winkelmandje", { headers });
  }
  let tickets: readonly BasketTicket[] = loadBasket(
    basketFromRequest(request, secure),
    now,
    randomBasketItemId,
  );
  for (const ticket of outcome.tickets) {
    const result = addTicket(tickets, ticket, randomBasketItemId);
    if (result.status === "overLimit") {
      headers.append(
        "Set-Cookie",
        flashCookieHeader(createFlash(basket.overLimit, "error", false), { secure }),
      );
      throw redirect("/winkelmandje", { headers });
    }
    tickets = result.tickets;
  }
  headers.append("Set-Cookie", basketCookie(tickets, { secure, domain }));
  headers.append("Set-Cookie", flashCookieHeader(createFlash(basketLink.added, "success"), { secure }));
  throw redirect("/winkelmandje", { headers });
}

export default function BasketAddTicketPage() {
  return null;
}
