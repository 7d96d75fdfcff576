import express, { type NextFunction, type Request, type Response, Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import type { Db } from "@/src/backend/db/database.server";
import type { RateLimiter } from "@/src/backend/http/rate-limit/rate-limiter.server";
import type { RecaptchaVerifier } from "@/src/backend/http/recaptcha/recaptcha.server";
import { sendProblem } from "@/src/backend/http/send-problem";
import type { Config } from "@/src/config/env.server";
import {
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
  MUTATING_METHODS,
  toExpressPath,
} from "@/src/contract/define";
import { problem } from "@/src/contract/problem";
import type { IdinProvider } from "@/src/domain/identity/idin-provider";
import type { PageContentLookup } from "@/src/domain/page-content";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { general } from "@/src/lib/messages";
import { unstorableTextPaths } from "@/src/lib/storable-text";
import type { ApiRequest, ApiResponse } from "./exchange";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseFailure,
  HttpProblem,
  logApiFailure,
  problemDetails,
} from "./problem-error";
import { consumeEndpointRateLimit } from "./rate-limit/endpoint-rate-limit";
import type { SessionManager, SessionPlayer } from "./session/session.server";

export const MAX_BODY_BYTES = 100 * 1024;
export const ANTIFORGERY_HEADER = "RequestVerificationToken";
export const ANTIFORGERY_CODE = "AntiforgeryValidationError";
/** Spec section 6: everything under /api/my/common needs a login, whatever the path. */
const MY_COMMON_PREFIX = "/api/my/common/";

export type ApiServices = {
  config: Config;
  db: Db;
  sessions: SessionManager;
  rateLimiter: RateLimiter;
  recaptcha: RecaptchaVerifier & { issueToken?: () => string };
  /** The CMS site settings (emergency banner), when a content source is configured. */
  siteSettings?: () => Promise<{ emergencyBanner?: string } | undefined>;
  /**
   * What the CMS's functional block of a type with a page id configures (a form block's promotion, a
   * gift block, a game of chance...); absent where no CMS is wired, where no page sells or serves anything.
   */
  pageContent?: PageContentLookup;
  /** The payment provider (the local simulator by default). */
  payments: PaymentProvider;
  /** The iDIN provider (the local simulator by default); age validation is refused (503) without one. */
  idin?: IdinProvider;
  logger: Logger;
  now: () => Date;
  /** Told when an API call ends in a database failure (the metrics, decision 23). */
  onDatabaseFailure?: (kind: "unavailable" | "query") => void;
  /** Told once per ticket order that is settled (paid, failed, cancelled ...), for the metrics. */
  onOrderSettled?: (status: string) => void;
};

export type HandlerContext = {
  req: ApiRequest;
  res: ApiResponse;
  services: ApiServices;
  log: Logger;
};

export type Handler<E extends EndpointDefinition> = (
  input: EndpointInput<E>,
  context: HandlerContext & (E["auth"] extends "player" ? { player: SessionPlayer } : { player?: undefined }),
) => Promise<EndpointOutput<E>>;

export type Implementation = {
  endpoint: EndpointDefinition;
  handler: (input: unknown, context: HandlerContext & { player?: SessionPlayer }) => Promise<unknown>;
};

/** Binds a handler to its contract entry; the types of input and output come from the contract. */
export function implement<E extends EndpointDefinition>(endpoint: E, handler: Handler<E>): Implementation {
  return { endpoint, handler: handler as Implementation["handler"] };
}

/** The `errors` key of a field: its dotted path, under `params`/`query` for those; `body` for the body itself. */
function fieldKey(path: ReadonlyArray<PropertyKey>, prefix?: string): string {
  return [prefix, path.map(String).join(".")].filter(Boolean).join(".") || prefix || "body";
}

function addFieldError(errors: Record<string, string[]>, key: string, message: string) {
  const messages = errors[key] ?? [];
  if (!messages.includes(message)) errors[key] = [...messages, message];
}

/** Zod issues as the per-field `errors` map of validation problem details. */
export function fieldErrors(error: z.ZodError, prefix?: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) addFieldError(errors, fieldKey(issue.path, prefix), issue.message);
  return errors;
}

/**
 * The text rule for every string of every call, in one place (DESIGN section 8): a NUL, another control
 * character or a lone surrogate anywhere in the input, a key included, is a validation problem of its
 * field, whatever the endpoint's schema says, so no such string reaches a handler or the database.
 */
export function textErrors(value: unknown, prefix?: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const path of unstorableTextPaths(value)) {
    addFieldError(errors, fieldKey(path, prefix), general.invalidCharacters);
  }
  return errors;
}

/** Objects are checked strictly: an unknown field is a validation problem, not silently dropped. */
/**
 * The strict form of an object schema (unknown keys refused), made once per schema: zod compiles an
 * object schema on its first parse, so a new `.strict()` per request would compile on every request.
 */
const strictSchemas = new WeakMap<z.ZodType, z.ZodType>();
function strict(schema: z.ZodType): z.ZodType {
  if (!(schema instanceof z.ZodObject)) return schema;
  let strictSchema = strictSchemas.get(schema);
  if (!strictSchema) {
    strictSchema = schema.strict();
    strictSchemas.set(schema, strictSchema);
  }
  return strictSchema;
}

const jsonBody = express.json({ limit: MAX_BODY_BYTES, strict: true, type: () => true });

/** Reads a JSON body when one is sent; refuses other content types (415) and oversized bodies (413). */
function readJsonBody(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    const length = Number(req.headers["content-length"] ?? 0);
    const hasBody = length > 0 || req.headers["transfer-encoding"] !== undefined;
    if (!hasBody) return resolve();
    if (length > MAX_BODY_BYTES) return reject(new HttpProblem(413));
    if (!req.is("application/json") && !req.is("application/*+json")) {
      return reject(new HttpProblem(415, { detail: "Send the body as application/json" }));
    }
    jsonBody(req, res, (error?: unknown) => {
      if (!error) return resolve();
      const type = (error as { type?: string }).type;
      if (type === "entity.too.large") return reject(new HttpProblem(413));
      if (type === "entity.parse.failed")
        return reject(new HttpProblem(400, { detail: "The body is not valid JSON" }));
      if (type === "charset.unsupported" || type === "encoding.unsupported")
        return reject(new HttpProblem(415));
      reject(new HttpProblem(400));
    });
  });
}

function clientKey(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

async function runEndpoint(
  implementation: Implementation,
  services: ApiServices,
  req: Request,
  res: Response,
) {
  const { endpoint } = implementation;
  const log: Logger = res.locals.log ?? services.logger;

  await consumeEndpointRateLimit(services.rateLimiter, endpoint, clientKey(req), res);

  if (
    MUTATING_METHODS.has(endpoint.method) &&
    !services.sessions.verifyAntiForgeryToken(req, req.get(ANTIFORGERY_HEADER))
  ) {
    throw new HttpProblem(403, { code: ANTIFORGERY_CODE, detail: "Missing or invalid anti-forgery token" });
  }

  // A call without a login is refused before its body is read (the player is kept for the handler).
  await requirePlayerIfNeeded(endpoint, services, req, res);
  await readJsonBody(req, res);
  const output = await executeEndpoint(
    implementation,
    { req, res, services, log },
    { params: req.params, query: req.query, body: req.body },
  );
  if (endpoint.response === null) {
    res.status(204).end();
    return;
  }
  res.status(endpoint.status ?? 200).json(output);
}

/** The logged-in player when the endpoint needs one (a 401 without); cached on the answer for the request. */
async function requirePlayerIfNeeded(
  endpoint: EndpointDefinition,
  services: ApiServices,
  req: ApiRequest,
  res: ApiResponse,
): Promise<SessionPlayer | undefined> {
  if (endpoint.auth !== "player" && !endpoint.path.startsWith(MY_COMMON_PREFIX)) return undefined;
  const player = await services.sessions.currentPlayer(req, res);
  if (!player) {
    services.sessions.clearLoginCookie(res);
    throw new HttpProblem(401);
  }
  return player;
}

/** What a call carries before it is parsed: path parameters, query and (parsed JSON) body. */
export type RawInput = { params: unknown; query: unknown; body: unknown };

/**
 * The part of answering a call that does not depend on HTTP: the login check, strict parsing of the input
 * against the contract, the handler, and the check of its answer against the contract. The Express
 * router and the in-process client both answer through it, so both refuse and answer alike.
 */
export async function executeEndpoint(
  implementation: Implementation,
  context: HandlerContext,
  raw: RawInput,
): Promise<unknown> {
  const { endpoint } = implementation;
  const { req, res, services, log } = context;
  const player = await requirePlayerIfNeeded(endpoint, services, req, res);

  const errors: Record<string, string[]> = {};
  const merge = (more: Record<string, string[]>) => {
    for (const [key, messages] of Object.entries(more)) {
      for (const message of messages) addFieldError(errors, key, message);
    }
  };
  const parse = (schema: z.ZodType | undefined, value: unknown, location: string) => {
    // Input the endpoint does not declare is not read, so it is not checked either.
    if (!schema) return location === "body" ? undefined : {};
    const prefix = location === "body" ? undefined : location;
    merge(textErrors(value, prefix));
    const result = strict(schema).safeParse(value);
    if (result.success) return result.data;
    merge(fieldErrors(result.error, prefix));
    return undefined;
  };
  const params = parse(endpoint.params, raw.params ?? {}, "params");
  const query = parse(endpoint.query, raw.query ?? {}, "query");
  const body = parse(endpoint.body, endpoint.body ? (raw.body ?? {}) : undefined, "body");
  if (Object.keys(errors).length > 0) throw new HttpProblem(400, { title: "Validation failed", errors });

  const output = await implementation.handler({ params, query, body }, { ...context, player });
  if (endpoint.response === null) return undefined;
  const checked = endpoint.response.safeParse(output);
  if (!checked.success) {
    log.error(
      { issues: checked.error.issues, endpoint: endpoint.path },
      "response does not match the contract",
    );
    throw new HttpProblem(500);
  }
  return checked.data;
}

/** The embedded API (DESIGN section 6): every implementation mounted from its contract entry. */
export function createApiRouter(implementations: readonly Implementation[], services: ApiServices): Router {
  const router = Router();

  // Spec section 6: everything under /api/my/common needs a login, whatever the path.
  router.use(MY_COMMON_PREFIX.slice(0, -1), async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (await services.sessions.currentPlayer(req, res)) return next();
      services.sessions.clearLoginCookie(res);
      sendProblem(res, problem(401));
    } catch (error) {
      next(error);
    }
  });

  const methodsByPath = new Map<string, string[]>();
  for (const implementation of implementations) {
    const { endpoint } = implementation;
    const path = toExpressPath(endpoint.path);
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), endpoint.method]);
    router[endpoint.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete"](
      path,
      async (req, res) => {
        try {
          await runEndpoint(implementation, services, req, res);
        } catch (error) {
          sendError(error, res, services);
        }
      },
    );
  }
  for (const [path, methods] of methodsByPath) {
    const allow = methods.includes("GET") ? [...methods, "HEAD"] : methods;
    router.all(path, (_req, res) => {
      res.setHeader("Allow", allow.join(", "));
      sendProblem(res, problem(405));
    });
  }
  // Errors raised by Express itself (a path parameter with broken percent-encoding) are problems too.
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) return sendProblem(res, problem(status));
    sendError(error, res, services);
  });
  return router;
}

function sendError(error: unknown, res: Response, services: ApiServices) {
  const details = problemDetails(error);
  logApiFailure(res.locals.log ?? services.logger, error, details);
  const failure = databaseFailure(error);
  if (failure) services.onDatabaseFailure?.(failure);
  if (res.headersSent) return res.end();
  if (details.status === 503) res.setHeader("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  sendProblem(res, details);
}
