import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  Router,
} from "express";
import { type ZodType, z } from "zod";
import type { RateLimiter } from "@/src/backend/http/rate-limit/rate-limiter.server";
import { sendProblem } from "@/src/backend/http/send-problem";
import {
  COMPOSER_API,
  COMPOSER_PATH,
  COMPOSER_TOKEN_HEADER,
  CreatePageBodySchema,
  LoginBodySchema,
  SavePageBodySchema,
  ScheduleBodySchema,
  VersionBodySchema,
} from "@/src/contract/composer";
import { problem } from "@/src/contract/problem";
import { CachePolicy } from "@/src/lib/cache-policy";
import { composerTexts as say } from "@/src/lib/messages/composer";
import { assetRoutes } from "./asset-routes.server";
import { EditorForbiddenError, PageInvalidError } from "./composer-errors";
import type { ComposerService } from "./composer-service.server";
import type { EditorRow, EditorSessions } from "./editor-sessions.server";
import { pageAddressRoutes } from "./page-address-routes.server";
import type { EditorRef } from "./page-events.server";
import { EntryNotFoundError, VersionConflictError } from "./stores/content-store";

/** Ten failed logins per quarter of an hour per address; then every login waits for the window to end. */
export const EDITOR_LOGIN_RATE_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

export type ComposerRouteDeps = {
  sessions: EditorSessions;
  service: ComposerService;
  rateLimiter: RateLimiter;
  /** The composer's HTML document (its own build, decision 26); undefined when it was not built. */
  document: () => Promise<string | undefined>;
  /** The composer's built files (`/redactie/assets`). */
  assetsDir?: string;
};

type Locals = { editor: EditorRow; token: string };

/**
 * The composer's HTTP side (issue 44, decision 26): its pages (404 for anyone but a logged-in editor, the
 * login page excepted), its files, and its API under `/redactie/api`, which answers 401 without an editor's
 * session, 403 for a write without the session's anti-forgery token or beyond the editor's role.
 */
export function composerRoutes(deps: ComposerRouteDeps): Router {
  const router = Router();
  if (deps.assetsDir) {
    router.use(
      `${COMPOSER_PATH}/assets`,
      express.static(deps.assetsDir, { immutable: true, maxAge: "1y", redirect: false, index: false }),
    );
  }
  router.use(COMPOSER_API, apiRoutes(deps));
  router.get(`${COMPOSER_PATH}/inloggen`, sendDocument(deps));
  router.get([COMPOSER_PATH, `${COMPOSER_PATH}/{*rest}`], async (req, res, next) => {
    // Anyone but an editor gets the shop's own 404 page: the composer does not say it is there.
    const current = await deps.sessions.current(req.get("cookie")).catch(next);
    if (!current) return next();
    return sendDocument(deps)(req, res, next);
  });
  return router;
}

function sendDocument(deps: ComposerRouteDeps): RequestHandler {
  return async (_req, res, next) => {
    const html = await deps.document().catch(() => undefined);
    if (!html) return next();
    res.setHeader("Cache-Control", CachePolicy.noStore);
    res.setHeader("X-Robots-Tag", "noindex");
    res.type("html").send(html);
  };
}

function apiRoutes(deps: ComposerRouteDeps): Router {
  const api = Router();
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", CachePolicy.noStore);
    next();
  });
  api.use(express.json({ limit: "1mb" }));
  api.post("/sessie", logIn(deps));
  api.use(requireEditor(deps.sessions));
  api.get("/sessie", (_req, res) => {
    const { editor, token } = res.locals as Locals;
    res.json({ editor: publicEditor(editor), token });
  });
  api.delete("/sessie", async (req, res) => {
    res.append("Set-Cookie", await deps.sessions.end(req.get("cookie")));
    res.status(204).end();
  });
  pageRoutes(api, deps.service);
  assetRoutes(api, deps.service);
  api.all("/{*rest}", (_req, res) => sendProblem(res, problem(404)));
  api.use(apiErrors);
  return api;
}

function pageRoutes(api: Router, service: ComposerService) {
  const id = (req: Request) => String(req.params.id);
  api.get(
    "/catalogus",
    handle(async () => service.catalog()),
  );
  api.get(
    "/paginas",
    handle(async (req) => ({ pages: await service.listPages(String(req.query.q ?? "")) })),
  );
  api.post(
    "/paginas",
    handle(
      async (req, editor) => service.createPage(parse(CreatePageBodySchema, req.body).document, editor),
      201,
    ),
  );
  api.get(
    "/paginas/:id",
    handle(async (req) => service.getPage(id(req))),
  );
  api.put(
    "/paginas/:id",
    handle(async (req, editor) => {
      const body = parse(SavePageBodySchema.extend({ autosave: z.boolean().optional() }), req.body);
      return service.savePage(id(req), body.version, body.document, editor, body.autosave);
    }),
  );
  api.post(
    "/paginas/:id/voorbeeld",
    handle(async (req, editor) =>
      service.previewConcept(id(req), parse(CreatePageBodySchema, req.body).document, editor),
    ),
  );
  const versioned = (action: (pageId: string, version: number, editor: EditorRef) => Promise<unknown>) =>
    handle(async (req, editor) => action(id(req), parse(VersionBodySchema, req.body).version, editor));
  api.post("/paginas/:id/review", versioned(service.requestReview));
  api.post("/paginas/:id/publiceren", versioned(service.publishPage));
  api.post("/paginas/:id/offline", versioned(service.unpublishPage));
  api.post(
    "/paginas/:id/plannen",
    handle(async (req, editor) => {
      const body = parse(ScheduleBodySchema, req.body);
      const at = new Date(body.at);
      if (at.getTime() <= Date.now()) throw new PageInvalidError({ "schedule.at": [say.scheduleInPast] });
      return service.schedulePage(id(req), body.version, at, editor);
    }),
  );
  api.get(
    "/paginas/:id/geschiedenis",
    handle(async (req) => ({ events: await service.history(id(req)) })),
  );
  pageAddressRoutes(api, service, { handle, parse });
  api.post(
    "/paginas/:id/geschiedenis/:event/terugzetten",
    handle(async (req, editor) =>
      service.restore(id(req), Number(req.params.event), parse(VersionBodySchema, req.body).version, editor),
    ),
  );
}

/** An API handler: the logged-in editor in, JSON out; errors go to `apiErrors`. */
export function handle(
  run: (req: Request, editor: EditorRef) => Promise<unknown>,
  status = 200,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const { editor } = res.locals as Locals;
      const result = await run(req, { id: editor.id, name: editor.name, role: editor.role });
      res.status(status).json(result);
    } catch (error) {
      next(error);
    }
  };
}

class BadRequestError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super("bad request");
  }
}

function parse<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "body";
    errors[key] = [...(errors[key] ?? []), say.badRequest];
  }
  throw new BadRequestError(errors);
}

function apiErrors(error: unknown, _req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error);
  if (error instanceof BadRequestError)
    return sendProblem(res, problem(400, { detail: say.badRequest, errors: error.errors }));
  if (error instanceof PageInvalidError)
    return sendProblem(res, problem(422, { detail: say.invalid, errors: error.errors }));
  if (error instanceof VersionConflictError) {
    return sendProblem(res, {
      ...problem(409, { code: "VersionConflict", detail: say.conflict }),
      currentVersion: error.currentVersion,
    } as ReturnType<typeof problem>);
  }
  if (error instanceof EditorForbiddenError)
    return sendProblem(res, problem(403, { detail: say.forbiddenRole }));
  if (error instanceof EntryNotFoundError)
    return sendProblem(res, problem(404, { detail: say.pageNotFound }));
  if ((error as { type?: string }).type === "entity.parse.failed")
    return sendProblem(res, problem(400, { detail: say.badRequest }));
  return next(error);
}

function publicEditor(editor: EditorRow) {
  return { name: editor.name, email: editor.email, role: editor.role };
}

function clientKey(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

function logIn(deps: ComposerRouteDeps): RequestHandler {
  return async (req, res, next) => {
    try {
      if (!sameOrigin(req)) return sendProblem(res, problem(403, { detail: say.antiForgery }));
      const key = `composer-login:${clientKey(req)}`;
      if ((await deps.rateLimiter.count(key, EDITOR_LOGIN_RATE_LIMIT)) >= EDITOR_LOGIN_RATE_LIMIT.limit) {
        const seconds = await deps.rateLimiter.secondsLeft(key, EDITOR_LOGIN_RATE_LIMIT);
        res.setHeader("Retry-After", String(seconds));
        const detail = say.loginRateLimited(Math.ceil(seconds / 60));
        return sendProblem(res, problem(429, { detail, retryAfterSeconds: seconds }));
      }
      const body = LoginBodySchema.safeParse(req.body);
      const editor = body.success
        ? await deps.sessions.verify(body.data.email, body.data.password)
        : undefined;
      if (!editor) {
        await deps.rateLimiter.consume(key, EDITOR_LOGIN_RATE_LIMIT);
        return sendProblem(
          res,
          problem(401, { detail: say.loginFailed, errors: { password: [say.loginFailed] } }),
        );
      }
      const { setCookie, token } = await deps.sessions.start(editor.id);
      res.append("Set-Cookie", setCookie);
      res.json({ editor: publicEditor(editor), token });
    } catch (error) {
      next(error);
    }
  };
}

/** A logged-in editor for every call; a write also needs the session's token and to come from this site. */
function requireEditor(sessions: EditorSessions): RequestHandler {
  return async (req, res, next) => {
    try {
      const cookie = req.get("cookie");
      const current = await sessions.current(cookie);
      if (!current) return sendProblem(res, problem(401, { detail: say.notLoggedIn }));
      const writing = !["GET", "HEAD", "OPTIONS"].includes(req.method);
      if (writing && (!sameOrigin(req) || !sessions.verifyToken(cookie, req.get(COMPOSER_TOKEN_HEADER)))) {
        return sendProblem(res, problem(403, { detail: say.antiForgery }));
      }
      Object.assign(res.locals, current);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** A browser says where a write comes from; one from another site is refused (no header: not a browser). */
function sameOrigin(req: Request): boolean {
  const origin = req.get("origin");
  if (!origin) return true;
  try {
    return new URL(origin).host === req.get("host");
  } catch {
    return false;
  }
}
