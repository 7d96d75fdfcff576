import ky, { type KyInstance } from "ky";
import type { PublicEnv } from "@/src/config/public-env";
import {
  buildPath,
  type EndpointDefinition,
  type EndpointOutput,
  MUTATING_METHODS,
} from "@/src/contract/define";
import { getPortalToken, getShopToken } from "@/src/contract/tokens";
import { loginCookieName } from "@/src/lib/cookie-names";
import { type ApiCaller, type CallInput, pageHeaderValues } from "./api-caller";
import { abortedApiError, type Backend, invalidResponseError, toApiError } from "./api-error";

export type CookieSettings = Pick<PublicEnv, "secureCookies" | "cookieDomain">;

export type ApiClientOptions = {
  backend: Backend;
  /** Origin (and optional base path) of the backend; "" = same origin, as in the browser. */
  baseUrl?: string;
  /** Sent as `Cms-Page-Id` (spec section 7). */
  pageId?: string;
  /** Sent as `Cms-Affiliate-Host` (spec section 7). */
  affiliateHost?: string;
  fetch?: typeof fetch;
  /** Runs on every 401. Defaults to clearing the login cookie in the browser (spec section 6). */
  onUnauthorized?: () => void;
  /** Which login cookie the default `onUnauthorized` clears; without it, secure is guessed from the page. */
  cookies?: CookieSettings;
  timeoutMs?: number;
};

export type ApiClient = ApiCaller & {
  /** The configured instance, for the rare call outside the contract. */
  ky: KyInstance;
};

const TOKEN_HEADER = "RequestVerificationToken";
/** The code with which the server refuses a missing or stale anti-forgery token (403). */
const TOKEN_REFUSED_CODE = "AntiforgeryValidationError";
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Expires the page-readable login cookie. Attributes must match how the server set it, or the browser keeps
 * the cookie: same Path and Domain, and Secure for the `__Secure-` name.
 */
export function clearLoginCookie(cookies?: CookieSettings): void {
  if (typeof document === "undefined") return;
  const secure = cookies?.secureCookies ?? globalThis.location?.protocol === "https:";
  let value = `${loginCookieName(secure)}=; Max-Age=0; Path=/`;
  if (cookies?.cookieDomain) value += `; Domain=${cookies.cookieDomain}`;
  if (secure) value += "; Secure";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every browser we serve.
  document.cookie = value;
}

function toSearchParams(query: Record<string, unknown> | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  return params;
}

/** Rejects as soon as `signal` aborts, even if `promise` (shared with other callers) keeps going. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortedApiError(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedApiError(signal.reason));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** The ky instance of one backend: its base URL, credentials, the default headers and the timeout. */
function createInstance(options: ApiClientOptions, baseUrl: string) {
  const headers: Record<string, string> = {
    "X-Requested-With": "XMLHttpRequest",
    Accept: "application/json, application/problem+json",
  };
  if (options.pageId) headers["Cms-Page-Id"] = options.pageId;
  if (options.affiliateHost) headers["Cms-Affiliate-Host"] = options.affiliateHost;

  const instance = ky.create({
    prefixUrl: baseUrl || undefined,
    credentials: "include",
    headers,
    // Only the refused anti-forgery token is retried, by `send` below; ky would also retry on 5xx/timeouts.
    retry: 0,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch,
  });
  return instance;
}

/**
 * The anti-forgery token, fetched once with the request in flight shared. `forget` drops it only if it is
 * still the refused one, so parallel refusals fetch a new token once.
 */
function tokenCache(fetchToken: () => Promise<{ token: string }>) {
  let tokenPromise: Promise<string> | undefined;
  let tokenValue: string | undefined;
  return {
    get(): Promise<string> {
      if (tokenPromise) return tokenPromise;
      const promise = fetchToken().then(({ token }) => {
        if (tokenPromise === promise) tokenValue = token;
        return token;
      });
      tokenPromise = promise;
      promise.catch(() => {
        if (tokenPromise === promise) tokenPromise = undefined;
      });
      return promise;
    },
    forget(refused?: string): void {
      if (refused === undefined || tokenValue === refused) {
        tokenPromise = undefined;
        tokenValue = undefined;
      }
    },
  };
}

/** 204 or an empty body is "no data"; anything else must match the contract's response schema. */
async function readData<E extends EndpointDefinition>(
  endpoint: E,
  response: Response,
): Promise<EndpointOutput<E>> {
  const text = response.status === 204 ? "" : await response.text();
  if (endpoint.response === null) return undefined as EndpointOutput<E>;
  let data: unknown;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw invalidResponseError(response.status, error);
    }
  }
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) throw invalidResponseError(response.status, parsed.error);
  return parsed.data as EndpointOutput<E>;
}

/**
 * One client per backend (spec section 7): credentials and `X-Requested-With` on every call, the
 * anti-forgery token on mutating calls, answers validated against the contract, every failure an ApiError.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { backend } = options;
  const baseUrl = options.baseUrl ?? "";
  const onUnauthorized = options.onUnauthorized ?? (() => clearLoginCookie(options.cookies));
  const tokenEndpoint = backend === "shop" ? getShopToken : getPortalToken;

  const instance = createInstance(options, baseUrl);

  // ky 1.x refuses an input with a leading slash when `prefixUrl` is set; contract paths all start with one.
  const toKyInput = (path: string) => (baseUrl ? path.replace(/^\/+/, "") : path);

  // The token is bound to the session: fetch it once, share the request in flight, and forget it only when
  // the server refuses it or the session ends (401).
  const tokens = tokenCache(() => call(tokenEndpoint));

  function request<E extends EndpointDefinition>(endpoint: E, input: CallInput<E>, token?: string) {
    const path = buildPath(endpoint.path, input.params as Record<string, string | number> | undefined);
    return instance(toKyInput(path), {
      method: endpoint.method,
      searchParams: toSearchParams(input.query as Record<string, unknown> | undefined),
      json: input.body,
      // Only when set: ky 1.x merges option objects key by key, so `headers: undefined` would wipe the
      // instance's default headers.
      ...(token || input.page
        ? { headers: { ...pageHeaderValues(input.page), ...(token ? { [TOKEN_HEADER]: token } : {}) } }
        : {}),
      signal: input.signal,
    });
  }

  async function send<E extends EndpointDefinition>(endpoint: E, input: CallInput<E>): Promise<Response> {
    if (!MUTATING_METHODS.has(endpoint.method)) return await request(endpoint, input);
    const token = await abortable(tokens.get(), input.signal);
    try {
      return await request(endpoint, input, token);
    } catch (error) {
      const apiError = await toApiError(error, backend);
      if (input.signal?.aborted || apiError.status !== 403 || apiError.code !== TOKEN_REFUSED_CODE) {
        throw apiError;
      }
      // A stale token (the session changed, e.g. after login): refresh and retry once (spec section 7).
      tokens.forget(token);
      return await request(endpoint, input, await abortable(tokens.get(), input.signal));
    }
  }

  async function call<E extends EndpointDefinition>(
    endpoint: E,
    input: CallInput<E> = {},
  ): Promise<EndpointOutput<E>> {
    if (endpoint.backend !== backend) {
      throw new Error(`${endpoint.method} ${endpoint.path} belongs to the ${endpoint.backend} API`);
    }
    try {
      const response = await send(endpoint, input);
      return await readData(endpoint, response);
    } catch (error) {
      // Whatever fetch or ky made of it, a call the caller cancelled is reported as aborted.
      const apiError = input.signal?.aborted ? abortedApiError(error) : await toApiError(error, backend);
      if (apiError.status === 401) {
        tokens.forget();
        onUnauthorized();
      }
      throw apiError;
    }
  }

  return { call, ky: instance };
}
