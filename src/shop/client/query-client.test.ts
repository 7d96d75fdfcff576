import { hashKey } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "@/src/contract/define";
import { ApiError } from "./api-error";
import type { ApiClient } from "./http-client";
import { createQueryClient, endpointQueryOptions, isFatalError, shouldRetry } from "./query-client";

const getThing = defineEndpoint({
  method: "GET",
  path: "/api/test/things/{id}",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "none",
  params: z.object({ id: z.string() }),
  query: z.object({ group: z.string() }),
  response: z.object({ id: z.string() }),
});

const checkThing = defineEndpoint({
  method: "POST",
  path: "/api/test/things/{id}/check",
  summary: "test",
  slice: "test",
  backend: "shop",
  auth: "none",
  params: z.object({ id: z.string() }),
  body: z.object({ colour: z.string() }),
  response: z.object({ ok: z.boolean() }),
});

const apiError = (status: number, extra: { aborted?: boolean } = {}) =>
  new ApiError({ status, message: "x", ...extra });

describe("shouldRetry", () => {
  it("never retries a 4xx, an aborted call or a non-API error", () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, apiError(status))).toBe(false);
    expect(shouldRetry(0, apiError(0, { aborted: true }))).toBe(false);
    expect(shouldRetry(0, new Error("bug"))).toBe(false);
  });

  it("retries a network failure or a 5xx once", () => {
    expect(shouldRetry(0, apiError(0))).toBe(true);
    expect(shouldRetry(1, apiError(0))).toBe(false);
    expect(shouldRetry(0, apiError(503))).toBe(true);
    expect(shouldRetry(1, apiError(503))).toBe(false);
  });
});

describe("isFatalError", () => {
  it("sends only status >= 500 to the error boundary", () => {
    expect(isFatalError(apiError(500))).toBe(true);
    expect(isFatalError(apiError(404))).toBe(false);
    expect(isFatalError(new Error("x"))).toBe(false);
  });
});

describe("createQueryClient", () => {
  it("sets the defaults", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(30_000);
    expect(defaults.queries?.retry).toBe(shouldRetry);
    expect(defaults.queries?.throwOnError).toBe(isFatalError);
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe("endpointQueryOptions", () => {
  it("keys by method, path, params and query and passes the query's signal to the client", async () => {
    const call = vi.fn(async () => ({ id: "9" }));
    const client = { call } as unknown as Pick<ApiClient, "call">;
    const input = { params: { id: "9" }, query: { group: "b" } };

    const options = endpointQueryOptions(client, getThing, input);
    const data = await createQueryClient().fetchQuery(options);

    expect(options.queryKey).toEqual(["GET", "/api/test/things/{id}", { id: "9" }, { group: "b" }]);
    expect(data).toEqual({ id: "9" });
    expect(call).toHaveBeenCalledWith(
      getThing,
      expect.objectContaining({ ...input, signal: expect.any(AbortSignal) }),
    );
  });

  it("keys a call with a body by its body, and asks again only when the body changes", async () => {
    const call = vi.fn(async () => ({ ok: true }));
    const client = { call } as unknown as Pick<ApiClient, "call">;
    const red = endpointQueryOptions(client, checkThing, { params: { id: "9" }, body: { colour: "red" } });
    const blue = endpointQueryOptions(client, checkThing, { params: { id: "9" }, body: { colour: "blue" } });

    expect(red.queryKey).toEqual([
      "POST",
      "/api/test/things/{id}/check",
      { id: "9" },
      undefined,
      { colour: "red" },
    ]);
    expect(hashKey(red.queryKey)).not.toBe(hashKey(blue.queryKey));
    expect(red).toMatchObject({ refetchOnWindowFocus: false, refetchOnReconnect: false });
    await createQueryClient().fetchQuery(red);
    expect(call).toHaveBeenCalledWith(checkThing, {
      params: { id: "9" },
      body: { colour: "red" },
      signal: expect.any(AbortSignal),
    });
  });
});
