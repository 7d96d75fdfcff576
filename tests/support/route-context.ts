import pino from "pino";
import { RouterContextProvider } from "react-router";
import type { Profile } from "@/src/contract/portal";
import { decodeBasketCookie } from "@/src/domain/tickets/basket-cookie";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import type { ApiClients } from "@/src/shop/client/api-caller";

/**
 * A route loader's or action's context for unit tests: the given clients, a player (none by default), the
 * cookie settings of plain http, and a document request unless `dataRequest` says otherwise.
 */
export function routeContext(options: {
  clients: ApiClients;
  player?: Profile;
  dataRequest?: boolean;
  /** The white-label theme of a partner's host the request came on. */
  hostTheme?: string;
}): RouterContextProvider {
  const context = new RouterContextProvider();
  const config = {
    baseUrl: "http://shop.test",
    secureCookies: false,
    cookieDomain: undefined,
    partnerHosts: {},
    shopOrigins: [],
  };
  context.set(requestContext, {
    clients: options.clients,
    player: async () => options.player,
    services: { config },
    log: pino({ level: "silent" }),
    documentHtml: options.dataRequest ? undefined : new Map(),
    hostTheme: options.hostTheme,
  } as unknown as RequestContext);
  return context;
}

/** A browser's plain form post (as `<form method="post">` sends it), with the page's cookies. */
export function formPost(url: string, fields: Record<string, string>, cookie?: string): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("cookie", cookie);
  return new Request(url, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

/** The `Set-Cookie` values of an action's or loader's answer (a Response or `data()`). */
export function setCookies(answer: unknown): string[] {
  if (answer instanceof Response) return answer.headers.getSetCookie();
  const init = (answer as { init?: { headers?: HeadersInit } }).init;
  return new Headers(init?.headers).getSetCookie();
}

/** The basket an answer stores in the browser's cookie (none when it sets no basket cookie). */
export function storedBasket(answer: unknown) {
  const cookie = setCookies(answer).find((value) => value.startsWith("kl_basket="));
  return decodeBasketCookie(cookie?.slice("kl_basket=".length).split(";")[0]);
}
