import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPath, type EndpointDefinition } from "@/src/api/contract/define";
import { contract } from "@/src/api/contract/registry";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";

/**
 * Thousands of random requests against every endpoint of the contract: whatever arrives (wrong types,
 * unknown fields, malformed JSON, odd unicode, huge numbers, no token, wrong methods), the answer is never
 * a 5xx, and every error is problem details.
 */
let api: ApiHarness;
let token: string;
let client: ReturnType<typeof cookieClient>;

beforeAll(async () => {
  api = await startApiHarness();
  client = cookieClient(api.url);
  token = await client.token();
});
afterAll(() => api?.close());

const RUNS_PER_ENDPOINT = 300;

const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "'; drop table draws;--",
    "<script>alert(1)</script>",
    "\u0000",
    "%",
    "..",
    "\uD800",
    "🎟️",
    "1e308",
    "-1",
  ),
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });

const requestArbitrary = (endpoint: EndpointDefinition) =>
  fc.record({
    method: fc.oneof(fc.constant(endpoint.method), fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE")),
    params: fc.dictionary(
      fc.constantFrom(...Object.keys(endpoint.params?.shape ?? {}).concat(["x"])),
      oddString,
    ),
    query: fc.dictionary(
      fc.oneof(
        fc.constantFrom(...Object.keys(endpoint.query?.shape ?? {}).concat(["limit", "group"])),
        fc.string({ maxLength: 8 }),
      ),
      oddString,
    ),
    body: fc.oneof(
      fc.constant(undefined),
      jsonValue.map((value) => JSON.stringify(value)),
      fc.record({ email: oddString, password: oddString }).map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 60 }),
    ),
    contentType: fc.constantFrom(
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/json; charset=utf-16",
    ),
    withToken: fc.boolean(),
  });

/** Fills path parameters; a value no browser could encode (a lone surrogate) is sent as broken percent-encoding. */
function pathFor(endpoint: EndpointDefinition, params: Record<string, string>): string {
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const filled = Object.fromEntries(names.map((name) => [name, params[name] ?? "x"]));
  try {
    return buildPath(endpoint.path, filled);
  } catch {
    return endpoint.path.replace(/\{\w+\}/g, "%E0%A4%A");
  }
}

describe("random requests", () => {
  for (const endpoint of contract) {
    it(`${endpoint.method} ${endpoint.path} never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(endpoint), async (request) => {
          const query = new URLSearchParams(request.query).toString();
          const path = pathFor(endpoint, request.params) + (query ? `?${query}` : "");
          const hasBody = request.body !== undefined && request.method !== "GET";
          const response = await client.request(path, {
            method: request.method,
            headers: {
              ...(hasBody ? { "content-type": request.contentType } : {}),
              ...(request.withToken ? { RequestVerificationToken: token } : {}),
            },
            body: hasBody ? request.body : undefined,
          });
          const text = await response.text();
          expect(response.status, `${request.method} ${path} -> ${text}`).toBeLessThan(500);
          if (response.status >= 400) {
            expect(response.headers.get("content-type")).toContain("application/problem+json");
            expect(text).not.toMatch(/at \S+ \(|node_modules|select |insert /i);
          }
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });
  }
});
