import type { ApiCaller, ApiClients, UpstreamExchange } from "./api-caller";
import { createApiClient } from "./http-client";

/** A `Cookie` header with the cookies the upstream set during this request laid over the browser's. */
class CookieJar {
  private readonly values = new Map<string, string>();

  constructor(header: string | undefined) {
    for (const part of header?.split(";") ?? []) {
      const index = part.indexOf("=");
      if (index > 0) this.values.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
    }
  }

  /** Takes in a `Set-Cookie`: an expired cookie is dropped, any other replaces the value. */
  take(setCookie: string): void {
    const [pair = "", ...attributes] = setCookie.split(";");
    const index = pair.indexOf("=");
    if (index <= 0) return;
    const name = pair.slice(0, index).trim();
    const expired = attributes.some((attribute) => {
      const [key = "", value = ""] = attribute.trim().split("=");
      if (key.toLowerCase() === "max-age") return Number(value) <= 0;
      if (key.toLowerCase() === "expires") return Date.parse(value) <= Date.now();
      return false;
    });
    if (expired) this.values.delete(name);
    else this.values.set(name, pair.slice(index + 1).trim());
  }

  header(): string | undefined {
    if (this.values.size === 0) return undefined;
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

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
  const jar = new CookieJar(exchange.cookie);
  const baseFetch = options.fetch ?? fetch;
  const forwardingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const cookie = jar.header();
    if (cookie) request.headers.set("cookie", cookie);
    else request.headers.delete("cookie");
    if (exchange.ip) request.headers.set("x-forwarded-for", exchange.ip);
    if (exchange.host) request.headers.set("x-forwarded-host", exchange.host);
    if (exchange.protocol) request.headers.set("x-forwarded-proto", exchange.protocol);
    const response = await baseFetch(request);
    for (const value of response.headers.getSetCookie()) {
      jar.take(value);
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
      // A 401 clears the login cookie through the upstream's own Set-Cookie, passed on above.
      onUnauthorized: () => {},
    });
  return { shop: create("shop"), portal: create("portal") };
}
