import { applySetCookie, formatCookieHeader, parseCookieHeader } from "@/src/lib/cookies";
import type { ApiCaller, ApiClients, UpstreamExchange } from "./api-caller";
import { createApiClient } from "./http-client";

/**
 * The server's clients when the shop and portal APIs are the operator's (`API_ORIGIN`): the same ky client
 * the browser uses, sending the player's cookies (and the cookies the API set earlier in this request)
 * and passing every `Set-Cookie` of the answers back to the player. The anti-forgery token is fetched with
 * those cookies, as the browser would.
 */
export function createForwardingClients(options: {
  apiOrigin: string;
  exchange: UpstreamExchange;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): ApiClients {
  const { exchange } = options;
  // The browser's cookies, with those the API set earlier in this request laid over them.
  const jar = parseCookieHeader(exchange.cookie);
  const baseFetch = options.fetch ?? fetch;
  const forwardingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const cookie = formatCookieHeader(jar);
    if (cookie) request.headers.set("cookie", cookie);
    else request.headers.delete("cookie");
    if (exchange.ip) request.headers.set("x-forwarded-for", exchange.ip);
    if (exchange.host) request.headers.set("x-forwarded-host", exchange.host);
    if (exchange.protocol) request.headers.set("x-forwarded-proto", exchange.protocol);
    const response = await baseFetch(request);
    for (const value of response.headers.getSetCookie()) {
      applySetCookie(jar, value);
      exchange.setCookie(value);
    }
    return response;
  };
  const create = (backend: "shop" | "portal"): ApiCaller =>
    createApiClient({
      backend,
      baseUrl: options.apiOrigin.replace(/\/$/, ""),
      fetch: forwardingFetch,
      timeoutMs: options.timeoutMs,
      affiliateHost: exchange.affiliateHost,
      // A 401 clears the login cookie through the upstream's own Set-Cookie, passed on above.
      onUnauthorized: () => {},
    });
  return { shop: create("shop"), portal: create("portal") };
}
