import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_JSON_PATH } from "@/src/backend/api/openapi-routes";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { DatabaseRateLimiter, type RateLimiter } from "@/src/backend/http/rate-limit/rate-limiter.server";
import { login } from "@/src/contract/authentication";
import { buildOpenApiDocument, type OpenApiDocument, type OperationObject } from "@/src/contract/openapi";
import { contract } from "@/src/contract/registry";
import { getPortalToken, getShopToken } from "@/src/contract/tokens";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { type JsonSchema, preferring, schemaArbitrary } from "@/tests/support/json-schema-arbitrary";

/**
 * API fuzzing (DESIGN section 8): walks the OpenAPI document the API serves and sends every operation,
 * as the logged-in demo player with a valid anti-forgery token, plausible input (generated from the
 * operation's own schemas) with one thing broken: a field of the wrong type, missing or unknown, a hostile
 * or huge string, a number past any column, a bad path segment, a body that is not JSON or not declared
 * as JSON, another method, a missing token. Whatever arrives, the answer is never a 5xx, every error is
 * problem details, and no answer shows a stack trace, file names or SQL. Operations come from the
 * document alone, so a new endpoint is fuzzed without a line here.
 *
 * Runs on PGlite in `npm test` and on PostgreSQL when TEST_DATABASE_URL is set (stricter about text).
 */
const document: OpenApiDocument = buildOpenApiDocument(contract);

/**
 * Random runs per operation, after the fixed sweep of every field with the sharpest values (which finds
 * what a missing bound or rule lets through). The seed changes with every run, so the random runs add up
 * over time; FUZZ_RUNS=500 for a long session by hand.
 */
const RANDOM_RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

type Operation = { key: string; method: string; path: string; operation: OperationObject };

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    key: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    operation: operation as OperationObject,
  })),
);

// ---------------------------------------------------------------------------------------------------------
// What is sent: plausible input from the document, and one mutation of it.

type Path = Array<string | number>;
type Input = { params: Record<string, string>; query: Record<string, string>; body: unknown };
type Mutation =
  | { kind: "as-is" }
  | { kind: "param"; name: string; segment: string }
  | { kind: "query"; name: string; raw: string | null }
  | { kind: "query-twice"; name: string }
  | { kind: "body"; path: Path; value: unknown }
  | { kind: "drop"; path: Path }
  | { kind: "raw-body"; contentType: string | null; text: string }
  | { kind: "method"; method: string }
  | { kind: "token"; token: "none" | "garbage" | "other-session" };
type Case = [Input, Mutation];

/** Strings PostgreSQL cannot store, controls, bidi overrides, markup, SQL, format strings, odd unicode. */
const HOSTILE_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00",
  "\uDBFF\uD800",
  "\u202Eexe.gnp",
  "\u200B\u200E\uFEFF",
  "\u0007\u001B[31m",
  "\u0085\u2028",
  "'; drop table players;--",
  "' or '1'='1",
  "1); select pg_sleep(5);--",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text
  "${7*7}{{7*7}}",
  "%s%n%x",
  "../../etc/passwd",
  "🎟️👨‍👩‍👧",
  "Ǆ\u0301\u0301\u0301",
  "\r\n",
  " ",
  "",
];
/** Numbers as text, for path and query parameters: past int4 and bigint, not finite, not decimal. */
const NUMERIC_TEXT = [
  "2147483648",
  "9223372036854775808",
  "99999999999999999999999",
  "-1",
  "0",
  "-0",
  "1e308",
  "-1e308",
  "1.5",
  "NaN",
  "Infinity",
  "0x10",
  " 1",
  "١٢٣",
];
/** Numbers past an int4 column, past bigint, negative, fractional and at the edges of a double. */
const NUMBERS = [
  2 ** 31,
  2 ** 31 - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  2 ** 64,
  -(2 ** 31) - 1,
  -1,
  0,
  0.5,
  1e308,
  -1e308,
  5e-324,
];
const WRONG_TYPES: unknown[] = [null, true, false, [], {}, [1, "2"], { nested: "x" }];
/** 100 kB: below the body limit, so it reaches validation; path and query get what an HTTP line allows. */
const HUGE_BODY_STRINGS = ["x".repeat(100_000), "é".repeat(40_000), "\u0000".repeat(2_000)];
const LONG_URL_TEXT = "x".repeat(8_000);
/** Path segments no browser sends: broken percent-encoding, encoded slashes and dots, NUL. */
const RAW_SEGMENTS = [
  "%",
  "%E0%A4%A",
  "%ZZ",
  "%FF",
  "%C0%AF",
  "%00",
  "%2F",
  "a%2Fb",
  "%2e%2e",
  "..",
  ".",
  "%5C",
  "%ED%A0%80",
];
const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/json-patch+json",
  null,
];
const BROKEN_JSON = [
  "{",
  '{"a":}',
  "[1,]",
  "nul",
  '"a string"',
  "123",
  "\uFEFF{}",
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  "[".repeat(50_000) + "]".repeat(50_000),
  `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`,
  "x".repeat(200_000),
];
const OTHER_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS, ...NUMERIC_TEXT), weight: 4 },
  { arbitrary: fc.constantFrom(...NUMBERS), weight: 4 },
  { arbitrary: fc.constantFrom(...WRONG_TYPES), weight: 2 },
  { arbitrary: fc.constantFrom(...HUGE_BODY_STRINGS), weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 24 }), weight: 2 },
  { arbitrary: fc.oneof(fc.integer(), fc.double()), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
);

/** A path segment or query value: hostile text percent-encoded, or a raw segment that breaks encoding. */
const hostileUrlText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS, ...NUMERIC_TEXT).map(encodeText), weight: 4 },
  { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 24 }).map(encodeText), weight: 2 },
  { arbitrary: fc.constant(LONG_URL_TEXT), weight: 1 },
);

/** Percent-encoding of any JS string; a lone surrogate becomes the (invalid) UTF-8 bytes of its code unit. */
function encodeText(value: string): string {
  let encoded = "";
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const pairs = isHigh && /[\uDC00-\uDFFF]/.test(value.charAt(index + 1));
    if (pairs) {
      encoded += encodeURIComponent(value.slice(index, index + 2));
      index++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    } else {
      encoded += encodeURIComponent(value.charAt(index));
    }
  }
  return encoded;
}

function parameters(operation: OperationObject, location: "path" | "query") {
  return (operation.parameters ?? []).filter((parameter) => parameter.in === location);
}

function bodySchema(operation: OperationObject): JsonSchema | undefined {
  return operation.requestBody?.content["application/json"]?.schema;
}

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * Values the API answered with, by property name (draw ids, product ids, transaction ids): input built
 * from them gets past "not found" to the handlers' deeper paths, as a client's input would.
 */
const known = new Map<string, unknown[]>();
const KNOWN_PER_NAME = 12;

function remember(answer: unknown) {
  const stack = [answer];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === "object") {
      for (const [name, child] of Object.entries(value)) {
        const primitive = ["string", "number", "boolean"].includes(typeof child);
        if (!primitive) {
          stack.push(child);
          continue;
        }
        const values = known.get(name) ?? [];
        if (values.length < KNOWN_PER_NAME && !values.includes(child) && String(child).length <= 100) {
          known.set(name, [...values, child]);
        }
      }
    }
  }
}

/** Input as the document describes it: path and query parameters as text, the body as JSON. */
function inputArbitrary(operation: OperationObject): fc.Arbitrary<Input> {
  const context = { components: document.components.schemas, known: (name: string) => known.get(name) ?? [] };
  const text = (location: "path" | "query") => {
    const list = parameters(operation, location);
    const model = list.map((p) => [
      p.name,
      preferring(context.known(p.name), schemaArbitrary(p.schema, context)).map(asText),
    ]);
    return fc.record(Object.fromEntries(model), {
      requiredKeys: list.filter((p) => p.required).map((p) => p.name),
    }) as fc.Arbitrary<Record<string, string>>;
  };
  const schema = bodySchema(operation);
  return fc.record({
    params: text("path"),
    query: text("query"),
    body: schema ? schemaArbitrary(schema, context) : fc.constant(undefined),
  });
}

/** Every path into a JSON value (containers and leaves), at most `limit`. */
function pathsOf(value: unknown, limit = 60): Path[] {
  const found: Path[] = [];
  const visit = (current: unknown, path: Path) => {
    if (found.length >= limit) return;
    if (path.length > 0) found.push(path);
    if (Array.isArray(current)) {
      for (const [index, child] of current.entries()) visit(child, [...path, index]);
    } else if (current && typeof current === "object") {
      for (const [key, child] of Object.entries(current)) visit(child, [...path, key]);
    }
  };
  visit(value, []);
  return found;
}

function sendsBody(method: string): boolean {
  return method !== "GET" && method !== "HEAD";
}

function mutationArbitrary(entry: Operation, input: Input): fc.Arbitrary<Mutation> {
  const { operation, method } = entry;
  const paramNames = parameters(operation, "path").map((p) => p.name);
  const queryNames = [...parameters(operation, "query").map((p) => p.name), "unexpected"];
  const bodyPaths = pathsOf(input.body);
  const options: Array<{ arbitrary: fc.Arbitrary<Mutation>; weight: number }> = [
    { arbitrary: fc.constant({ kind: "as-is" }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant("query" as const),
        name: fc.constantFrom(...queryNames),
        raw: fc.option(hostileUrlText, { nil: null }),
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant("query-twice" as const),
        name: fc.constantFrom(...queryNames),
      }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant("method" as const),
        method: fc.constantFrom(...OTHER_METHODS),
      }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant("token" as const),
        token: fc.constantFrom("none" as const, "garbage" as const, "other-session" as const),
      }),
      weight: 1,
    },
  ];
  if (paramNames.length > 0) {
    options.push({
      arbitrary: fc.record({
        kind: fc.constant("param" as const),
        name: fc.constantFrom(...paramNames),
        segment: hostileUrlText,
      }),
      weight: 4,
    });
  }
  if (input.body !== undefined) {
    options.push({
      arbitrary: fc.record({
        kind: fc.constant("body" as const),
        path: fc.constantFrom<Path>([], ...bodyPaths),
        value: hostileJson,
      }),
      weight: 8,
    });
    if (bodyPaths.length > 0) {
      options.push({
        arbitrary: fc.record({ kind: fc.constant("drop" as const), path: fc.constantFrom(...bodyPaths) }),
        weight: 2,
      });
    }
  }
  if (sendsBody(method)) {
    options.push({
      arbitrary: fc.oneof(
        fc.record({
          kind: fc.constant("raw-body" as const),
          contentType: fc.constantFrom(...CONTENT_TYPES),
          text: fc.constant(JSON.stringify(input.body ?? { unexpected: true })),
        }),
        fc.record({
          kind: fc.constant("raw-body" as const),
          contentType: fc.constant("application/json"),
          text: fc.constantFrom(...BROKEN_JSON),
        }),
      ),
      weight: 2,
    });
  }
  return fc.oneof(...options);
}

/**
 * The fixed sweep run before the random cases: every body field, path and query parameter of an accepted
 * input with the values the defects were found with, and every broken body and content type.
 */
function sweep(entry: Operation, input: Input): Case[] {
  const cases: Case[] = [];
  const sharpJson: unknown[] = ["\u0000x", "x\uD800", 2 ** 31, 2 ** 63, -1, 1e308, {}, HUGE_BODY_STRINGS[0]];
  for (const path of pathsOf(input.body)) {
    for (const value of sharpJson) cases.push([input, { kind: "body", path, value }]);
    cases.push([input, { kind: "drop", path }]);
  }
  const sharpUrl = [
    "%00",
    "%ED%A0%80",
    "2147483648",
    "9223372036854775808",
    "-1",
    "1e308",
    "NaN",
    "%E0%A4%A",
  ];
  for (const { name } of parameters(entry.operation, "path")) {
    for (const segment of [...sharpUrl, LONG_URL_TEXT]) cases.push([input, { kind: "param", name, segment }]);
  }
  for (const { name } of parameters(entry.operation, "query")) {
    for (const raw of [...sharpUrl, null]) cases.push([input, { kind: "query", name, raw }]);
  }
  if (sendsBody(entry.method)) {
    const json = JSON.stringify(input.body ?? {});
    for (const contentType of CONTENT_TYPES)
      cases.push([input, { kind: "raw-body", contentType, text: json }]);
    for (const text of BROKEN_JSON) {
      cases.push([input, { kind: "raw-body", contentType: "application/json", text }]);
    }
  }
  return cases;
}

function withMutation(body: unknown, mutation: Mutation): unknown {
  if (mutation.kind !== "body" && mutation.kind !== "drop") return body;
  if (mutation.kind === "body" && mutation.path.length === 0) return mutation.value;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of mutation.path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = mutation.path[mutation.path.length - 1]!;
  if (mutation.kind === "body") parent[last] = mutation.value;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

// ---------------------------------------------------------------------------------------------------------
// The session the requests are sent in, and what every answer must be.

let api: ApiHarness;
let client: ReturnType<typeof cookieClient>;
let tokens: { shop: string; portal: string };
let otherSessionToken: string;
let sessionCookie: string | undefined;
const sessionCookieName = document.components.securitySchemes.session?.name ?? "kl_sid";
const covered = new Set<string>();

/**
 * The per-address limits would turn most calls of the rate-limited endpoints into 429s within seconds;
 * raised far beyond reach, so the calls reach validation and handlers, the limiter's table included.
 */
class GenerousRateLimiter extends DatabaseRateLimiter {
  override consume(...[key, rule, now]: Parameters<RateLimiter["consume"]>) {
    return super.consume(key, { ...rule, limit: rule.limit * 10_000 }, now);
  }
}

/** Logs the demo player in (again) and takes the tokens bound to the new session. */
async function logIn() {
  const response = await client.postJson(
    login.path,
    { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
    await client.token(getPortalToken.path),
  );
  expect(response.status, "the demo player logs in").toBe(200);
  tokens = { shop: await client.token(getShopToken.path), portal: await client.token(getPortalToken.path) };
  sessionCookie = client.jar.get(sessionCookieName);
}

/** A call that ended or replaced the session (logout, registration, login) is followed by a new login. */
async function keepLoggedIn() {
  if (client.jar.get(sessionCookieName) !== sessionCookie) await logIn();
}

beforeAll(async () => {
  api = await startApiHarness({ rateLimiter: (db) => new GenerousRateLimiter(db) });
  const served = await fetch(`${api.url}${OPENAPI_JSON_PATH}`);
  expect(await served.json(), "the fuzzed document is the one the API serves").toEqual(document);
  client = cookieClient(api.url);
  otherSessionToken = await cookieClient(api.url).token();
  await logIn();
});
afterAll(() => api?.close());

/** What an answer must never show: stack frames, source files, packages, error classes, SQL, the database. */
const INTERNALS = [
  /\bat (?:async )?[\w$.<>[\]]+ \((?:file:|node:|\/)/,
  /\n\s+at /,
  /\.[cm]?[jt]sx?:\d+/,
  /node_modules/,
  /Error: /,
  /Failed query|\bselect\s+["*]|\binsert\s+into\s+"|\bupdate\s+"\w+"\s+set\b|\bdelete\s+from\s+"/i,
  /postgres|pglite|drizzle|violates|out of range for type|invalid byte sequence|invalid input syntax/i,
];

/**
 * A short description of a case for failure messages: no 100 kB strings, and no raw NULs (the URL is
 * percent-encoded, and JSON escapes control characters and lone surrogates).
 */
function describeCase(method: string, url: string, mutation: Mutation): string {
  const shorten = (_key: string, value: unknown) =>
    typeof value === "string" && value.length > 60 ? `${value.slice(0, 60)}…(${value.length})` : value;
  return `${method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url} ${JSON.stringify(mutation, shorten)}`;
}

async function send(entry: Operation, input: Input, mutation: Mutation) {
  const method = mutation.kind === "method" ? mutation.method : entry.method;
  const path = entry.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    mutation.kind === "param" && mutation.name === name
      ? mutation.segment
      : encodeText(input.params[name] ?? "x"),
  );
  const query: Array<[string, string]> = Object.entries(input.query).map(([name, value]) => [
    name,
    encodeText(value),
  ]);
  if (mutation.kind === "query") {
    const kept = query.filter(([name]) => name !== mutation.name);
    query.splice(0, query.length, ...kept);
    if (mutation.raw !== null) query.push([mutation.name, mutation.raw]);
  }
  if (mutation.kind === "query-twice") query.push([mutation.name, "a"], [mutation.name, "b"]);
  const url =
    query.length > 0 ? `${path}?${query.map(([name, value]) => `${name}=${value}`).join("&")}` : path;

  const headers: Record<string, string> = {};
  const backend = entry.operation["x-backend"];
  if (mutation.kind !== "token") headers.RequestVerificationToken = tokens[backend];
  else if (mutation.token === "garbage") headers.RequestVerificationToken = "not-a-token";
  else if (mutation.token === "other-session") headers.RequestVerificationToken = otherSessionToken;
  let body: string | undefined;
  if (mutation.kind === "raw-body") {
    body = mutation.text;
    if (mutation.contentType) headers["content-type"] = mutation.contentType;
  } else if (input.body !== undefined && sendsBody(method)) {
    body = JSON.stringify(withMutation(input.body, mutation));
    headers["content-type"] = "application/json";
  }
  if (!sendsBody(method)) body = undefined;

  const label = describeCase(method, url, mutation);
  const response = await client.request(url, { method, headers, body });
  const text = await response.text();
  if (response.ok && response.headers.get("content-type")?.includes("application/json")) {
    remember(JSON.parse(text));
  }
  if (method === entry.method) covered.add(entry.key);
  await keepLoggedIn();
  return { response, text, label };
}

function expectSafeAnswer(response: Response, text: string, label: string) {
  expect(response.status, `${label} -> ${text.slice(0, 300)}`).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.headers.get("content-type"), label).toContain("application/problem+json");
    const problem = JSON.parse(text) as Record<string, unknown>;
    expect(typeof problem.type, label).toBe("string");
    expect(typeof problem.title, label).toBe("string");
    expect(problem.status, label).toBe(response.status);
  }
  for (const pattern of INTERNALS) expect(text, `${label} shows internals`).not.toMatch(pattern);
}

/** Generated inputs tried as they are, to find one the API accepts, per operation. */
const PROBES = 40;

/** Refused before the handler: body size or type, or a validation problem (a 400 without a spec code). */
function refusedAtTheDoor(status: number, text: string): boolean {
  if (status === 413 || status === 415) return true;
  return status === 400 && (JSON.parse(text) as { code?: unknown }).code === undefined;
}

/**
 * An input that passes validation, among generated ones: mutating one thing of it reaches the handler
 * with every other field valid, where a bound or a string rule missing from the contract shows. Without
 * one (the schemas cannot say what is valid), the first generated input.
 */
async function acceptedInput(entry: Operation): Promise<Input> {
  const samples = fc.sample(inputArbitrary(entry.operation), { numRuns: PROBES, seed: SEED });
  for (const input of samples) {
    const { response, text, label } = await send(entry, input, { kind: "as-is" });
    expectSafeAnswer(response, text, label);
    if (!refusedAtTheDoor(response.status, text)) return input;
  }
  return samples[0]!;
}

describe(`every operation of the OpenAPI document with broken input (seed ${SEED})`, () => {
  for (const entry of operations) {
    it(`${entry.key}`, async () => {
      const accepted = await acceptedInput(entry);
      const inputs = fc.oneof(fc.constant(accepted), inputArbitrary(entry.operation));
      const property = fc.asyncProperty(
        inputs.chain((input) => mutationArbitrary(entry, input).map((mutation): Case => [input, mutation])),
        async ([input, mutation]) => {
          const { response, text, label } = await send(entry, input, mutation);
          expectSafeAnswer(response, text, label);
        },
      );
      const examples = sweep(entry, accepted).map((testCase): [Case] => [testCase]);
      // Examples count towards fast-check's runs: the random runs come on top of the sweep.
      await fc.assert(property, { numRuns: examples.length + RANDOM_RUNS, seed: SEED, examples });
    });
  }

  it("covered every operation of the document the API serves", async () => {
    const served = (await (await fetch(`${api.url}${OPENAPI_JSON_PATH}`)).json()) as OpenApiDocument;
    const documented = Object.entries(served.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBeGreaterThan(0);
    expect([...covered].sort()).toEqual([...documented].sort());
  });
});
