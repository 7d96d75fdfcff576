import { afterEach, beforeEach, expect, it } from "vitest";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { login } from "@/src/contract/authentication";
import { ApiError } from "@/src/shop/client/api-error";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";

/**
 * While the database restarts or is out of reach (the peak-day run restarts PostgreSQL), the API answers
 * 503 problem details with Retry-After, so a caller or a load balancer comes back, instead of a 500; a
 * page's in-process call fails alike, with a 503 ApiError. Each test closes its own harness's database.
 */
let api: ApiHarness;

beforeEach(async () => {
  api = await startApiHarness();
});
// The test closed the database itself; closing it again may refuse, which is not what is tested here.
afterEach(() => api?.close().catch(() => undefined));

it("answers 503 with Retry-After, as problem details, when the database cannot be reached", async () => {
  const client = cookieClient(api.url);
  const token = await client.token();
  await api.database.close();

  const response = await client.postJson(
    "/api/authentication/login",
    { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
    token,
  );
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(response.headers.get("content-type")).toContain("application/problem+json");
  const body = (await response.json()) as { status: number; title: string };
  expect(body).toMatchObject({ status: 503, title: "Service Unavailable" });
  expect(JSON.stringify(body)).not.toMatch(/closed|pglite|postgres|\bat\b/i);
  expect(api.logs.some((line) => line.msg === "API call deferred: database unavailable")).toBe(true);
  expect(api.logs.some((line) => line.msg === "API handler failed")).toBe(false);
});

it("fails a page's in-process call alike: a 503 ApiError, logged as a warning", async () => {
  await api.database.close();

  const call = api
    .inProcess({ cookie: undefined, setCookie: () => undefined })
    .portal.call(login, { body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password } });
  const error = await call.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(503);
  expect(api.logs.some((line) => line.msg === "API call deferred: database unavailable")).toBe(true);
  expect(api.logs.some((line) => line.msg === "API handler failed")).toBe(false);
});
