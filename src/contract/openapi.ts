import { z } from "zod";
import { sessionCookieName } from "@/src/lib/cookie-names";
import {
  type EndpointDefinition,
  type HttpMethod,
  MUTATING_METHODS,
  ProblemSchema,
  type RateLimitRule,
} from "./define";
import { getPortalToken, getShopToken } from "./tokens";

/**
 * OpenAPI 3.1 document generated from the contract (DESIGN section 6), so the published description can
 * never drift from what the handlers and the client validate. Only the subset of OpenAPI the contract
 * needs is typed here.
 */

export type JsonSchema = { [keyword: string]: unknown };

export type ParameterObject = {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

export type MediaTypeObject = { schema: JsonSchema };

export type ResponseObject = { description: string; content?: Record<string, MediaTypeObject> };

export type OperationObject = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: ParameterObject[];
  requestBody?: { required: true; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
  security?: Array<Record<string, string[]>>;
  "x-backend": EndpointDefinition["backend"];
};

export type OpenApiMethod = Lowercase<HttpMethod>;

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers?: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Partial<Record<OpenApiMethod, OperationObject>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: "apiKey"; in: "cookie"; name: string; description: string }>;
  };
};

export type OpenApiInfo = {
  version?: string;
  /** Absolute base address of the API host; without it clients resolve paths against the document's host. */
  serverUrl?: string;
  /** Defaults to the session cookie name that matches the scheme of `serverUrl`. */
  sessionCookieName?: string;
};

export const API_TITLE = "Kroonloterij API";
export const ANTI_FORGERY_HEADER = "RequestVerificationToken";
export const SESSION_SECURITY_SCHEME = "session";
const PROBLEM_SCHEMA_NAME = "Problem";
const PROBLEM_REF = `#/components/schemas/${PROBLEM_SCHEMA_NAME}`;

export function buildOpenApiDocument(
  endpoints: readonly EndpointDefinition[],
  info: OpenApiInfo = {},
): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {
    [PROBLEM_SCHEMA_NAME]: toJsonSchema(ProblemSchema, "output", PROBLEM_SCHEMA_NAME, {}),
  };
  const paths: OpenApiDocument["paths"] = {};
  const operationIds = new Set<string>();
  for (const endpoint of endpoints) {
    const method = openApiMethod(endpoint.method);
    const pathItem = paths[endpoint.path] ?? {};
    paths[endpoint.path] = pathItem;
    if (pathItem[method]) throw new Error(`Endpoint ${endpoint.method} ${endpoint.path} is declared twice`);
    const operationId = uniqueName(operationIdFor(endpoint), operationIds);
    operationIds.add(operationId);
    pathItem[method] = buildOperation(endpoint, operationId, schemas);
  }
  const secure = info.serverUrl?.startsWith("https:") ?? false;
  return {
    openapi: "3.1.0",
    info: {
      title: API_TITLE,
      version: info.version ?? "dev",
      description:
        "Shop and portal API of Kroonloterij. Every error is answered as RFC 9457 problem details " +
        `(application/problem+json). Mutating calls need the ${ANTI_FORGERY_HEADER} header with the ` +
        `anti-forgery token of GET ${getShopToken.path} (shop) or GET ${getPortalToken.path} (portal).`,
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    tags: [...new Set(endpoints.map((endpoint) => endpoint.slice))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        [SESSION_SECURITY_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: info.sessionCookieName ?? sessionCookieName(secure),
          description: "Session cookie set by POST /api/authentication/login.",
        },
      },
    },
  };
}

export function openApiMethod(method: HttpMethod): OpenApiMethod {
  return method.toLowerCase() as OpenApiMethod;
}

export function isMutating(endpoint: EndpointDefinition): boolean {
  return MUTATING_METHODS.has(endpoint.method);
}

/** `GET /api/experiments/{experimentKey}` becomes `getExperimentsByExperimentKey`. */
export function operationIdFor(endpoint: Pick<EndpointDefinition, "method" | "path">): string {
  const words = endpoint.path
    .replace(/^\/api\//, "")
    .split("/")
    .flatMap((segment) => {
      const placeholder = /^\{(\w+)\}$/.exec(segment);
      return placeholder ? ["by", ...splitWords(placeholder[1]!)] : splitWords(segment);
    });
  return [endpoint.method.toLowerCase(), ...words.map(capitalize)].join("");
}

/** Human-readable notes on what a caller must provide, shared by the document and the docs page. */
export function endpointNotes(endpoint: EndpointDefinition): string[] {
  const notes: string[] = [];
  if (endpoint.auth === "player") notes.push("Requires a logged-in player (session cookie); 401 otherwise.");
  if (isMutating(endpoint)) {
    notes.push(
      `Send the anti-forgery token of GET ${antiForgeryTokenPath(endpoint)} in the ${ANTI_FORGERY_HEADER} header; 403 otherwise.`,
    );
  }
  if (endpoint.rateLimit) notes.push(`Rate limited to ${describeRateLimit(endpoint.rateLimit)}; 429 beyond.`);
  return notes;
}

/** The shop and the portal API each hand out their own anti-forgery token. */
function antiForgeryTokenPath(endpoint: EndpointDefinition): string {
  return endpoint.backend === "portal" ? getPortalToken.path : getShopToken.path;
}

function buildOperation(
  endpoint: EndpointDefinition,
  operationId: string,
  schemas: Record<string, JsonSchema>,
): OperationObject {
  const baseName = capitalize(operationId);
  const parameters = [
    ...pathParameters(endpoint, `${baseName}Params`, schemas),
    ...queryParameters(endpoint, `${baseName}Query`, schemas),
    ...(isMutating(endpoint) ? [antiForgeryParameter(endpoint)] : []),
    ...pageHeaderParameters(endpoint),
  ];
  const operation: OperationObject = {
    operationId,
    summary: endpoint.summary,
    description: [endpoint.summary, ...endpointNotes(endpoint)].join("\n\n"),
    tags: [endpoint.slice],
    responses: {
      ...successResponse(endpoint, `${baseName}Response`, schemas),
      ...errorResponses(endpoint),
    },
    "x-backend": endpoint.backend,
  };
  if (parameters.length > 0) operation.parameters = parameters;
  if (endpoint.body) {
    operation.requestBody = {
      required: true,
      content: {
        "application/json": { schema: toJsonSchema(endpoint.body, "input", `${baseName}Request`, schemas) },
      },
    };
  }
  if (endpoint.auth === "player") operation.security = [{ [SESSION_SECURITY_SCHEME]: [] }];
  return operation;
}

function pathParameters(
  endpoint: EndpointDefinition,
  schemaName: string,
  schemas: Record<string, JsonSchema>,
): ParameterObject[] {
  const placeholders = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const declared = endpoint.params ? Object.keys(endpoint.params.shape) : [];
  // A mismatch makes the document invalid and the route unreachable: a contract defect, so fail loudly.
  const missing = placeholders.filter((name) => !declared.includes(name));
  const extra = declared.filter((name) => !placeholders.includes(name));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `${endpoint.method} ${endpoint.path}: path placeholders [${placeholders}] do not match params [${declared}]`,
    );
  }
  if (!endpoint.params) return [];
  return objectParameters(endpoint.params, "path", schemaName, schemas).map((parameter) => ({
    ...parameter,
    // OpenAPI demands `required: true` for every path parameter.
    required: true,
  }));
}

function queryParameters(
  endpoint: EndpointDefinition,
  schemaName: string,
  schemas: Record<string, JsonSchema>,
): ParameterObject[] {
  return endpoint.query ? objectParameters(endpoint.query, "query", schemaName, schemas) : [];
}

/** One parameter per property; required as the input side of the schema demands (optional/default are not). */
function objectParameters(
  schema: z.ZodObject,
  location: "path" | "query",
  schemaName: string,
  schemas: Record<string, JsonSchema>,
): ParameterObject[] {
  const objectSchema = toJsonSchema(schema, "input", schemaName, schemas);
  if (typeof objectSchema.$ref === "string") {
    throw new Error(`${schemaName}: recursive ${location} parameter objects cannot be described`);
  }
  const properties = (objectSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((objectSchema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, propertySchema]) => {
    const { description, ...rest } = propertySchema;
    return {
      name,
      in: location,
      required: required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

/** `Cms-Page-Id` and `Cms-Affiliate-Host` (spec section 7), on the endpoints of a CMS page's flow. */
function pageHeaderParameters(endpoint: EndpointDefinition): ParameterObject[] {
  if (!endpoint.pageHeaders) return [];
  const partner = endpoint.pageHeaders === "partner";
  const page: ParameterObject = {
    name: "Cms-Page-Id",
    in: "header",
    required: partner,
    description: partner
      ? "The page the call is made from: must be the page of the path or body (400 otherwise)."
      : "The page the call is made from; when sent, a page other than the call's is refused (400).",
    schema: { type: "string", minLength: 1, maxLength: 64 },
  };
  if (!partner) return [page];
  return [
    page,
    {
      name: "Cms-Affiliate-Host",
      in: "header",
      required: true,
      description:
        "The partner: its white-label host (port ignored) or its partner code from the page's query. Another partner than the page's block is refused (403).",
      schema: { type: "string", minLength: 1, maxLength: 253 },
    },
  ];
}

function antiForgeryParameter(endpoint: EndpointDefinition): ParameterObject {
  return {
    name: ANTI_FORGERY_HEADER,
    in: "header",
    required: true,
    description: `Anti-forgery token from GET ${antiForgeryTokenPath(endpoint)}, bound to the session.`,
    schema: { type: "string", minLength: 1 },
  };
}

function successResponse(
  endpoint: EndpointDefinition,
  schemaName: string,
  schemas: Record<string, JsonSchema>,
): Record<string, ResponseObject> {
  if (endpoint.response === null) return { "204": { description: "No Content" } };
  const created = endpoint.status === 201;
  return {
    [created ? "201" : "200"]: {
      description: created ? "Created" : "OK",
      content: {
        "application/json": { schema: toJsonSchema(endpoint.response, "output", schemaName, schemas) },
      },
    },
  };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The request is invalid. For validation problems `errors` maps each invalid field to its messages.",
  401: "Not logged in: the session cookie is missing or has expired.",
  403: `The ${ANTI_FORGERY_HEADER} header is missing or does not match the session.`,
  404: "Not found.",
  409: "Conflicts with the current state.",
  413: "The request body is too large.",
  415: "The request body is not application/json.",
  422: "The request is well-formed but cannot be processed.",
  429: "Too many requests.",
  500: "Unexpected server error.",
};

/** Every error status the endpoint may answer with, each described with its spec section 8 codes. */
function errorResponses(endpoint: EndpointDefinition): Record<string, ResponseObject> {
  const statuses = new Set<number>([400, 500]);
  if (endpoint.auth === "player") statuses.add(401);
  if (isMutating(endpoint)) statuses.add(403);
  if (endpoint.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (endpoint.rateLimit) statuses.add(429);
  for (const status of Object.keys(endpoint.errors ?? {})) statuses.add(Number(status));
  const responses: Record<string, ResponseObject> = {};
  for (const status of [...statuses].sort((a, b) => a - b)) {
    responses[String(status)] = {
      description: errorDescription(endpoint, status),
      content: { "application/problem+json": { schema: { $ref: PROBLEM_REF } } },
    };
  }
  return responses;
}

export function errorCodes(endpoint: EndpointDefinition, status: number): readonly string[] {
  return endpoint.errors?.[status as keyof NonNullable<EndpointDefinition["errors"]>] ?? [];
}

function errorDescription(endpoint: EndpointDefinition, status: number): string {
  let description = ERROR_DESCRIPTIONS[status] ?? "Error.";
  if (status === 429 && endpoint.rateLimit) {
    description = `Too many requests: at most ${describeRateLimit(endpoint.rateLimit)}.`;
  }
  const codes = errorCodes(endpoint, status);
  if (codes.length > 0) description += ` Codes: ${codes.map((code) => `\`${code}\``).join(", ")}.`;
  return description;
}

function describeRateLimit(rule: RateLimitRule): string {
  const seconds = rule.windowMs / 1000;
  return `${rule.limit} requests per ${seconds === 1 ? "second" : `${seconds} seconds`}`;
}

/**
 * zod's JSON Schema with its local references made document-wide: inside an OpenAPI document `#` and
 * `#/$defs/...` would resolve against the document root, so `$defs` move to `components.schemas` (named
 * after `name`) and a self-referencing root becomes a component of its own.
 */
function toJsonSchema(
  schema: z.ZodType,
  io: "input" | "output",
  name: string,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const generated = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });
  // The OpenAPI 3.1 dialect is the default for schema objects, so the draft marker is noise.
  const { $schema: _dialect, $defs, ...root } = generated as JsonSchema;
  const defs = ($defs ?? {}) as Record<string, JsonSchema>;
  const defNames = new Map(Object.keys(defs).map((key) => [key, `${name}.${sanitizeName(key)}`]));
  const rootIsReferenced = hasRootReference([root, defs]);
  const resolve = (ref: string): string => {
    const defMatch = /^#\/\$defs\/([^/]+)(.*)$/.exec(ref);
    if (defMatch) return `#/components/schemas/${defNames.get(defMatch[1]!) ?? defMatch[1]}${defMatch[2]}`;
    return ref.startsWith("#") ? `#/components/schemas/${name}${ref.slice(1)}` : ref;
  };
  for (const [key, definition] of Object.entries(defs)) {
    components[defNames.get(key)!] = rewriteRefs(definition, resolve) as JsonSchema;
  }
  const rewritten = rewriteRefs(root, resolve) as JsonSchema;
  if (!rootIsReferenced) return rewritten;
  components[name] = rewritten;
  return { $ref: `#/components/schemas/${name}` };
}

function hasRootReference(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasRootReference);
  if (!isRecord(value)) return false;
  return Object.entries(value).some(([key, child]) =>
    key === "$ref" && typeof child === "string"
      ? child.startsWith("#") && !child.startsWith("#/$defs/")
      : hasRootReference(child),
  );
}

function rewriteRefs(value: unknown, resolve: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, resolve));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === "$ref" && typeof child === "string" ? resolve(child) : rewriteRefs(child, resolve),
    ]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Component names must match `^[a-zA-Z0-9.\-_]+$`. */
function sanitizeName(name: string): string {
  return name.replace(/[^a-zA-Z0-9.\-_]/g, "_") || "_";
}

function uniqueName(candidate: string, taken: ReadonlySet<string>): string {
  let name = candidate;
  for (let suffix = 2; taken.has(name); suffix++) name = `${candidate}${suffix}`;
  return name;
}

function splitWords(segment: string): string[] {
  return segment.split(/[^a-zA-Z0-9]+/).filter(Boolean);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
