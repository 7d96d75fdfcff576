import { randomUUID } from "node:crypto";
import { decodeBasketCookie, readBasketCookie } from "@/src/domain/tickets/basket-cookie";
import { loadBasket, randomBasketItemId } from "@/src/domain/tickets/basket-rules";
import { type BasketTicket, BasketTicketSchema } from "@/src/domain/tickets/basket-ticket";
import { readCookie } from "@/src/lib/cookies";
import { CHECKOUT_COOKIE_NAME } from "./checkout-cookie";

/**
 * The checkout's transaction id lives in a cookie, not in the tab: two tabs checking out the same basket
 * send the same id, so the server makes one order of them. It ends when the order is settled.
 */
const CHECKOUT_COOKIE_SECONDS = 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A transaction id as the shop hands them out (a UUID), in any case. */
export function isTransactionId(value: string): boolean {
  return UUID.test(value.toLowerCase());
}

function readCheckoutId(request: Request): string | undefined {
  const value = readCookie(request.headers.get("cookie") ?? undefined, CHECKOUT_COOKIE_NAME);
  return value && isTransactionId(value) ? value : undefined;
}

/** The current checkout id, or a new one with the `Set-Cookie` that keeps it. */
export function checkoutId(request: Request, secure: boolean): { id: string; setCookie?: string } {
  const existing = readCheckoutId(request);
  if (existing) return { id: existing };
  const id = randomUUID();
  return {
    id,
    setCookie: `${CHECKOUT_COOKIE_NAME}=${id}; Path=/; Max-Age=${CHECKOUT_COOKIE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`,
  };
}

export function endCheckoutCookie(secure: boolean): string {
  return `${CHECKOUT_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The basket the browser keeps in its cookie, every item parsed; malformed items are left out. */
export function basketFromRequest(request: Request, secure: boolean): BasketTicket[] {
  return parsedBasket(readBasketCookie(request.headers.get("cookie"), secure));
}

/**
 * The tickets a checkout form shows (its hidden field, in the basket cookie's encoding), each parsed.
 * Unlike the cookie, nothing is dropped for a sale that closed since the page was shown: the shop API
 * prices and checks them again when the order is stored, and refuses the order with the reason.
 */
export function ticketsFromCheckoutForm(value: string | null | undefined): BasketTicket[] {
  return decodeBasketCookie(value).flatMap(parsedTicket);
}

function parsedBasket(encoded: string | null | undefined): BasketTicket[] {
  return loadBasket(decodeBasketCookie(encoded), new Date(), randomBasketItemId).flatMap(parsedTicket);
}

function parsedTicket(ticket: BasketTicket): BasketTicket[] {
  const parsed = BasketTicketSchema.safeParse(ticket);
  return parsed.success ? [parsed.data] : [];
}
