import type { Logger } from "pino";
import type { ApiRequest, ApiResponse } from "@/src/backend/http/exchange";
import { databaseFailure, logApiFailure, problemDetails } from "@/src/backend/http/problem-error";
import { consumeEndpointRateLimit } from "@/src/backend/http/rate-limit/endpoint-rate-limit";
import { type ApiServices, executeEndpoint, type Implementation } from "@/src/backend/http/router";
import type { EndpointDefinition, EndpointOutput } from "@/src/contract/define";
import { applySetCookie, formatCookieHeader, parseCookieHeader } from "@/src/lib/cookies";
import {
  type ApiCaller,
  type ApiClients,
  type CallInput,
  pageHeaderValues,
  type UpstreamExchange,
} from "@/src/shop/client/api-caller";
import { abortedApiError, apiErrorFromProblem } from "@/src/shop/client/api-error";

/** The request's log besides what every upstream exchange carries. */
export type InProcessExchange = UpstreamExchange & { log?: Logger };

/**
 * The embedded API called by the shop's own pages without HTTP (issue 12, DESIGN section 3a): the call
 * goes through the same login check, strict input parsing, handler and answer check as over HTTP
 * (`executeEndpoint`), and fails with the same `ApiError`. The anti-forgery token guards calls a browser
 * makes; a page's own server-side call is not one (a form action checks the token of its form itself), so
 * it is not asked for here. The rate limits are applied: a form action's call (login, registration) is the
 * browser's attempt, counted under the browser's address as over HTTP.
 */
export function createInProcessClients(
  implementations: readonly Implementation[],
  services: ApiServices,
): (exchange: InProcessExchange) => ApiClients {
  const byEndpoint = new Map<EndpointDefinition, Implementation>(
    implementations.map((implementation) => [implementation.endpoint, implementation]),
  );

  return (exchange) => {
    // One request's calls share what a handler keeps for the rest of the request (the session's player).
    const locals: Record<string, unknown> = {};
    // The browser's cookies, overlaid by those the handlers set during this request (a new session id).
    const cookies = parseCookieHeader(exchange.cookie);
    const req: ApiRequest = {
      get headers() {
        return { cookie: formatCookieHeader(cookies) };
      },
      ip: exchange.ip,
      get: (name) => (name.toLowerCase() === "cookie" ? req.headers.cookie : undefined),
    };
    const res: ApiResponse = {
      locals,
      setHeader: () => undefined,
      append: (name, value) => {
        if (name.toLowerCase() !== "set-cookie") return;
        for (const cookie of Array.isArray(value) ? value : [value]) {
          applySetCookie(cookies, cookie);
          exchange.setCookie(cookie);
        }
      },
    };
    const log = exchange.log ?? services.logger;

    const create = (backend: "shop" | "portal"): ApiCaller => ({
      async call<E extends EndpointDefinition>(endpoint: E, input: CallInput<E> = {}) {
        const implementation = byEndpoint.get(endpoint);
        if (endpoint.backend !== backend || !implementation) {
          throw new Error(
            `${endpoint.method} ${endpoint.path} is not a ${backend} endpoint of the embedded API`,
          );
        }
        if (input.signal?.aborted) throw abortedApiError(input.signal.reason);
        try {
          await consumeEndpointRateLimit(services.rateLimiter, endpoint, exchange.ip ?? "unknown", res);
          const output = await executeEndpoint(
            implementation,
            { req: withPageHeaders(req, input.page, exchange.affiliateHost), res, services, log },
            { params: stringify(input.params), query: stringify(input.query), body: input.body },
          );
          return output as EndpointOutput<E>;
        } catch (error) {
          const details = problemDetails(error);
          logApiFailure(log, error, details, { endpoint: endpoint.path });
          const failure = databaseFailure(error);
          if (failure) services.onDatabaseFailure?.(failure);
          throw apiErrorFromProblem(details.status, details, { backend, cause: error });
        }
      },
    });
    return { shop: create("shop"), portal: create("portal") };
  };
}

/**
 * Path parameters and query values arrive as strings over HTTP, and the contract's schemas coerce them;
 * the same strings here, so a call in-process parses exactly as it would over HTTP.
 */
function stringify(values: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!values) return undefined;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    result[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return result;
}

/**
 * The request as one call sees it: the page headers it names (`Cms-Page-Id`, `Cms-Affiliate-Host`), and the
 * partner host the page was asked on when the call names no partner itself.
 */
function withPageHeaders(
  req: ApiRequest,
  page: CallInput<EndpointDefinition>["page"],
  affiliateHost: string | undefined,
): ApiRequest {
  if (!page && !affiliateHost) return req;
  const extra: Record<string, string> = affiliateHost ? { "cms-affiliate-host": affiliateHost } : {};
  for (const [name, value] of Object.entries(pageHeaderValues(page))) extra[name.toLowerCase()] = value;
  return {
    get headers() {
      return req.headers;
    },
    ip: req.ip,
    get: (name) => extra[name.toLowerCase()] ?? req.get(name),
  };
}
