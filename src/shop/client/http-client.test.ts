import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryObserver } from "@tanstack/react-query";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "@/src/contract/define";
import { loginCookieName, sessionCookieName } from "@/src/lib/cookie-names";
import { general, portalCodes, shopCodes } from "@/src/lib/messages";
import type { ApiCaller } from "./api-caller";
import { ApiError } from "./api-error";
import { type ApiClientOptions, clearLoginCookie, createApiClient } from "./http-client";
import { createQueryClient, endpointQueryOptions } from "./query-client";

// A real HTTP server on an ephemeral port: the client's headers, token handling and error mapping are tested
// against actual fetch/ky behaviour rather than mocks.

const ItemSchema = z.object({ id: z.string(), filter: z.string().optional() });

const getItem = defineEndpoint({
  method: "GET",
  path: "/api/test/items/{id}",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "none",
  params: z.object({ id: z.string() }),
  query: z.object({ filter: z.string().optional(), tags: z.array(z.string()).optional() }),
  response: ItemSchema,
});

const saveItem = defineEndpoint({
  method: "POST",
  path: "/api/test/items",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "none",
  body: z.object({ name: z.string() }),
  response: z.object({ saved: z.string() }),
});

const deleteItem = defineEndpoint({
  method: "DELETE",
  path: "/api/test/items/{id}",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "none",
  params: z.object({ id: z.string() }),
  response: null,
});

const alwaysRefused = defineEndpoint({
  method: "POST",
  path: "/api/test/always-refused",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "none",
  response: null,
});

const validate = defineEndpoint({
  method: "POST",
  path: "/api/test/validate",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "none",
  body: z.object({ email: z.string() }),
  response: null,
});

const rateLimited = defineEndpoint({
  method: "POST",
  path: "/api/test/rate-limited",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "none",
  response: null,
});

const portalRateLimited = { ...rateLimited, backend: "portal" } as const;

const privateData = defineEndpoint({
  method: "GET",
  path: "/api/test/private",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "player",
  response: z.object({ secret: z.string() }),
});

const crash = defineEndpoint({
  method: "GET",
  path: "/api/test/crash",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "none",
  response: null,
});

const slow = defineEndpoint({
  method: "GET",
  path: "/api/test/slow",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "none",
  query: z.object({ ms: z.number(), label: z.string() }),
  response: z.object({ label: z.string() }),
});

const badShape = defineEndpoint({
  method: "GET",
  path: "/api/test/bad-shape",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "none",
  response: ItemSchema,
});

type Recorded = { method: string; path: string; headers: IncomingMessage["headers"] };

const state = {
  requests: [] as Recorded[],
  tokensIssued: 0,
  /** The one token the server currently accepts, as a session-bound anti-forgery token would be. */
  acceptedToken: undefined as string | undefined,
};

function sendJson(res: ServerResponse, status: number, body: unknown, type = "application/json"): void {
  res.writeHead(status, { "content-type": type });
  res.end(JSON.stringify(body));
}

function sendProblem(res: ServerResponse, status: number, extra: Record<string, unknown> = {}): void {
  sendJson(
    res,
    status,
    { type: "about:blank", title: "Error", status, ...extra },
    "application/problem+json",
  );
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  return text ? JSON.parse(text) : undefined;
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  const method = req.method ?? "GET";
  state.requests.push({ method, path: url.pathname, headers: req.headers });
  const body = await readBody(req);

  if (method !== "GET" && req.headers.requestverificationtoken !== state.acceptedToken) {
    return sendProblem(res, 403, { code: "AntiforgeryValidationError" });
  }

  const route = `${method} ${url.pathname}`;
  if (route === "GET /api/token" || route === "GET /api/authentication/get-token") {
    state.tokensIssued += 1;
    state.acceptedToken = `token-${state.tokensIssued}`;
    return sendJson(res, 200, { token: state.acceptedToken });
  }
  if (route === "GET /api/test/items/7") {
    return sendJson(res, 200, { id: "7", filter: url.searchParams.getAll("tags").join(",") });
  }
  if (route === "POST /api/test/items") {
    return sendJson(res, 201, { saved: (body as { name: string }).name });
  }
  if (route === "DELETE /api/test/items/7") {
    res.writeHead(204).end();
    return;
  }
  if (route === "POST /api/test/always-refused") {
    return sendProblem(res, 403, { code: "AntiforgeryValidationError" });
  }
  if (route === "POST /api/test/validate") {
    return sendProblem(res, 400, {
      code: "ValidationError",
      errors: { email: ["Vul een geldig e-mailadres in"], "address.zip": ["Vul je postcode in"] },
    });
  }
  if (route === "POST /api/test/rate-limited") {
    return sendProblem(res, 429, { code: "RateLimitError" });
  }
  if (route === "GET /api/test/private") return sendProblem(res, 401);
  if (route === "GET /api/test/crash") {
    res.writeHead(500, { "content-type": "text/html" }).end("<h1>Internal error</h1>");
    return;
  }
  if (route === "GET /api/test/slow") {
    const timer = setTimeout(
      () => sendJson(res, 200, { label: url.searchParams.get("label") }),
      Number(url.searchParams.get("ms")),
    );
    res.on("close", () => clearTimeout(timer));
    return;
  }
  if (route === "GET /api/test/bad-shape") return sendJson(res, 200, { id: 42 });
  return sendProblem(res, 404);
}

let server: Server;
let baseUrl: string;
/** A port nothing listens on, for network failures. */
let closedPortUrl: string;

function listen(target: Server): Promise<number> {
  return new Promise((resolve) => {
    target.listen(0, "127.0.0.1", () => resolve((target.address() as AddressInfo).port));
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(599).end(String(error));
    });
  });
  baseUrl = `http://127.0.0.1:${await listen(server)}`;

  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  closedPortUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  state.requests = [];
  state.tokensIssued = 0;
  state.acceptedToken = undefined;
});

function client(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ backend: "shop", baseUrl, onUnauthorized: () => {}, ...options });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const requestsTo = (path: string) => state.requests.filter((request) => request.path === path);

describe("createApiClient headers", () => {
  it("sends X-Requested-With and the CMS headers, and no token on a GET", async () => {
    const api = client({ pageId: "page-12", affiliateHost: "partner.example" });

    const item = await api.call(getItem, { params: { id: "7" }, query: { tags: ["a", "b"] } });

    expect(item).toEqual({ id: "7", filter: "a,b" });
    const [request] = requestsTo("/api/test/items/7");
    expect(request?.headers["x-requested-with"]).toBe("XMLHttpRequest");
    expect(request?.headers["cms-page-id"]).toBe("page-12");
    expect(request?.headers["cms-affiliate-host"]).toBe("partner.example");
    expect(request?.headers.requestverificationtoken).toBeUndefined();
    expect(requestsTo("/api/token")).toHaveLength(0);
  });

  it("leaves the optional CMS headers out when not configured", async () => {
    await client().call(getItem, { params: { id: "7" } });

    const [request] = requestsTo("/api/test/items/7");
    expect(request?.headers).not.toHaveProperty("cms-page-id");
    expect(request?.headers).not.toHaveProperty("cms-affiliate-host");
  });

  it("accepts a base URL with a trailing slash", async () => {
    const api = createApiClient({ backend: "shop", baseUrl: `${baseUrl}/`, onUnauthorized: () => {} });
    await expect(api.call(getItem, { params: { id: "7" } })).resolves.toMatchObject({ id: "7" });
  });
});

describe("anti-forgery token", () => {
  it("fetches the token once and sends it on every mutating call", async () => {
    const api = client();

    const results = await Promise.all([
      api.call(saveItem, { body: { name: "a" } }),
      api.call(saveItem, { body: { name: "b" } }),
    ]);
    await api.call(deleteItem, { params: { id: "7" } });

    expect(results).toEqual([{ saved: "a" }, { saved: "b" }]);
    expect(requestsTo("/api/token")).toHaveLength(1);
    const mutating = state.requests.filter((request) => request.method !== "GET");
    expect(mutating).toHaveLength(3);
    for (const request of mutating) expect(request.headers.requestverificationtoken).toBe("token-1");
  });

  it("refreshes a refused token and retries the call once", async () => {
    const api = client();
    await api.call(saveItem, { body: { name: "a" } });
    // The session changed on the server (a login, say): the cached token is stale now.
    state.acceptedToken = "token-of-the-new-session";

    await expect(api.call(saveItem, { body: { name: "b" } })).resolves.toEqual({ saved: "b" });

    expect(requestsTo("/api/token")).toHaveLength(2);
    const saves = requestsTo("/api/test/items");
    expect(saves.map((request) => request.headers.requestverificationtoken)).toEqual([
      "token-1",
      "token-1",
      "token-2",
    ]);
  });

  it("gives up after one retry when the server keeps refusing", async () => {
    const error = await failure(client().call(alwaysRefused));

    expect(error.status).toBe(403);
    expect(error.code).toBe("AntiforgeryValidationError");
    expect(error.message).toBe(general.generic);
    expect(requestsTo("/api/test/always-refused")).toHaveLength(2);
    expect(requestsTo("/api/token")).toHaveLength(2);
  });

  it("uses the portal token endpoint for the portal backend", async () => {
    const error = await failure(client({ backend: "portal" }).call(portalRateLimited));

    expect(requestsTo("/api/authentication/get-token")).toHaveLength(1);
    expect(requestsTo("/api/token")).toHaveLength(0);
    expect(error.message).toBe(portalCodes.RateLimitError);
    expect(error.recaptchaRequired).toBe(true);
  });
});

describe("answers", () => {
  it("gives undefined for a 204", async () => {
    await expect(client().call(deleteItem, { params: { id: "7" } })).resolves.toBeUndefined();
  });

  it("rejects an answer that does not match the contract", async () => {
    const error = await failure(client().call(badShape));

    expect(error.status).toBe(200);
    expect(error.code).toBe("InvalidResponse");
    expect(error.message).toBe(general.generic);
    expect(error.fatal).toBe(false);
  });
});

describe("errors", () => {
  it("maps validation problem details to field errors and the status fallback", async () => {
    const error = await failure(client().call(validate, { body: { email: "x" } }));

    expect(error).toMatchObject({ status: 400, code: "ValidationError", fatal: false, aborted: false });
    expect(error.fieldErrors).toEqual({
      email: ["Vul een geldig e-mailadres in"],
      "address.zip": ["Vul je postcode in"],
    });
    // ValidationError is not in the catalogue: unknown codes give the generic message.
    expect(error.message).toBe(general.generic);
  });

  it("asks for the reCAPTCHA on RateLimitError", async () => {
    const error = await failure(client().call(rateLimited));

    expect(error.status).toBe(429);
    expect(error.code).toBe("RateLimitError");
    expect(error.recaptchaRequired).toBe(true);
    expect(error.message).toBe(shopCodes.RateLimitError);
  });

  it("calls onUnauthorized on a 401 and says the player is not logged in", async () => {
    const onUnauthorized = vi.fn();

    const error = await failure(client({ onUnauthorized }).call(privateData));

    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(error.status).toBe(401);
    expect(error.message).toBe(general.notLoggedIn);
  });

  it("forgets the token after a 401, since the session is gone", async () => {
    const api = client();
    await api.call(saveItem, { body: { name: "a" } });
    await failure(api.call(privateData));
    await api.call(saveItem, { body: { name: "b" } });

    expect(requestsTo("/api/token")).toHaveLength(2);
  });

  it("marks a 500 with a non-JSON body as fatal", async () => {
    const error = await failure(client().call(crash));

    expect(error).toMatchObject({ status: 500, code: undefined, fatal: true, message: general.generic });
  });

  it("reports a network failure", async () => {
    const error = await failure(client({ baseUrl: closedPortUrl }).call(getItem, { params: { id: "7" } }));

    expect(error).toMatchObject({ status: 0, message: general.noNetwork, aborted: false, fatal: false });
  });

  it("reports a network failure while fetching the token", async () => {
    const error = await failure(client({ baseUrl: closedPortUrl }).call(saveItem, { body: { name: "a" } }));

    expect(error.message).toBe(general.noNetwork);
  });

  it("reports a timeout as a connection problem", async () => {
    const api = client({ timeoutMs: 50 });

    const error = await failure(api.call(slow, { query: { ms: 2_000, label: "late" } }));

    expect(error).toMatchObject({ status: 0, message: general.noNetwork, aborted: false });
  });

  it("reports an aborted call", async () => {
    const controller = new AbortController();
    const pending = client().call(slow, { query: { ms: 2_000, label: "x" }, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);

    const error = await failure(pending);

    expect(error).toMatchObject({ status: 0, aborted: true, message: general.aborted });
  });

  it("reports an abort while waiting for the token", async () => {
    const controller = new AbortController();
    controller.abort(new Error("custom reason"));

    const error = await failure(client().call(saveItem, { body: { name: "a" }, signal: controller.signal }));

    expect(error.aborted).toBe(true);
    expect(error.message).toBe(general.aborted);
  });
});

describe("query options with real calls", () => {
  it("abort the earlier call when the key moves on to a newer one", async () => {
    const api = client();
    const calls: Array<{ label: string; outcome: Promise<unknown> }> = [];
    const recording: ApiCaller = {
      call(endpoint, input) {
        const outcome = api.call(endpoint, input);
        calls.push({ label: String(input?.query?.label), outcome: outcome.catch((error: unknown) => error) });
        return outcome;
      },
    };
    const observer = new QueryObserver(
      createQueryClient(),
      endpointQueryOptions(recording, slow, { query: { ms: 1_000, label: "first" } }),
    );
    const unsubscribe = observer.subscribe(() => {});
    try {
      observer.setOptions(endpointQueryOptions(recording, slow, { query: { ms: 30, label: "second" } }));
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ label: "second" }));
      expect(calls.map((call) => call.label)).toEqual(["first", "second"]);
      expect(await calls[0]!.outcome).toMatchObject({ aborted: true, message: general.aborted });
    } finally {
      unsubscribe();
    }
  });
});

describe("login cookie", () => {
  it("names the cookies with the prefixes secure cookies need", () => {
    expect(loginCookieName(true)).toBe("__Secure-kl_ingelogd");
    expect(loginCookieName(false)).toBe("kl_ingelogd");
    expect(sessionCookieName(true)).toBe("__Host-kl_sid");
    expect(sessionCookieName(true, "kroonloterij.example")).toBe("__Secure-kl_sid");
    expect(sessionCookieName(false, "kroonloterij.example")).toBe("kl_sid");
    expect(sessionCookieName(false)).toBe("kl_sid");
  });

  it("expires the login cookie with the attributes it was set with", () => {
    const written: string[] = [];
    const fakeDocument = {
      set cookie(value: string) {
        written.push(value);
      },
    };
    vi.stubGlobal("document", fakeDocument);
    try {
      clearLoginCookie({ secureCookies: true, cookieDomain: ".kroonloterij.example" });
      clearLoginCookie({ secureCookies: false });
    } finally {
      vi.unstubAllGlobals();
    }

    expect(written).toEqual([
      "__Secure-kl_ingelogd=; Max-Age=0; Path=/; Domain=.kroonloterij.example; Secure",
      "kl_ingelogd=; Max-Age=0; Path=/",
    ]);
  });

  it("is the default onUnauthorized and does nothing without a document (Node, SSR)", async () => {
    const api = createApiClient({ backend: "shop", baseUrl });
    await expect(api.call(privateData)).rejects.toMatchObject({ status: 401 });
  });
});
