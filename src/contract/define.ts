import { z } from "zod";

/**
 * Contract-first API (DESIGN section 6): each endpoint of spec section 7 is declared once, as zod. The
 * Express handlers and the ky client are typed from these declarations and both validate against them;
 * the OpenAPI document is generated from them.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type RateLimitRule = { limit: number; windowMs: number };

export type EndpointDefinition = {
  method: HttpMethod;
  /** With `{name}` placeholders, as in OpenAPI. */
  path: `/api/${string}`;
  summary: string;
  /** The slice the endpoint belongs to (OpenAPI tag). */
  slice: string;
  backend: "shop" | "portal";
  auth: "none" | "player";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** `null` for an answer without content (204). */
  response: z.ZodType | null;
  /** The status of a successful answer with content: 200 unless the call creates something (201). */
  status?: 200 | 201;
  /** Error codes (spec section 8) this endpoint may answer with, by status. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 422 | 429, readonly string[]>>;
  rateLimit?: RateLimitRule;
  /**
   * The CMS page headers (spec section 7) the endpoint checks: `page`, a `Cms-Page-Id` naming another page
   * than the call's is refused; `partner`, `Cms-Page-Id` and `Cms-Affiliate-Host` are required.
   */
  pageHeaders?: "page" | "partner";
};

export function defineEndpoint<const T extends EndpointDefinition>(definition: T): T {
  return definition;
}

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;

export type EndpointInput<E extends EndpointDefinition> = {
  params: InferOr<E["params"], Record<string, never>>;
  query: InferOr<E["query"], Record<string, never>>;
  body: InferOr<E["body"], undefined>;
};

export type EndpointOutput<E extends EndpointDefinition> = E["response"] extends z.ZodType
  ? z.infer<E["response"]>
  : undefined;

export const MUTATING_METHODS: ReadonlySet<HttpMethod> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** RFC 9457 problem details as every API error is answered (section 8 codes in `code`). */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string().optional(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  retryAfterSeconds: z.number().int().positive().optional(),
});

/** Fills `{name}` placeholders; every value is encoded as one path segment. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `{name}` placeholders as Express route parameters (`:name`). */
export function toExpressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}
