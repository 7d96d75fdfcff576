import path from "node:path";
import express, { type Request, type RequestHandler, type Response, Router } from "express";
import { z } from "zod";
import { sendProblem } from "@/src/backend/http/send-problem";
import { problem } from "@/src/contract/problem";
import { redirectTargetOptions, safeRedirectTarget } from "@/src/domain/portal/redirect-target";
import { CachePolicy } from "@/src/lib/cache-policy";
import { experimentCookie, formatExperimentGroups, readExperimentGroups } from "@/src/lib/experiment-groups";
import { resolveRouteRules } from "@/src/lib/route-rules";
import { createRequestContext } from "@/src/server/request-context.server";
import { sendEntry } from "@/src/server/ssr/cached-answer";
import { PageCache, SHARED_PAYLOAD_HEADERS, type SharedRequest } from "@/src/server/ssr/page-cache";
import { requestFacts } from "@/src/server/ssr/ssr-handler";
import { runRouteMiddleware } from "@/src/shop/app/middleware/registry.server";
import type { AppServices } from "@/src/shop/app/request-context";
import { experimentLookup, showExperiments } from "@/src/shop/cms/experiments.server";
import type { PagePayload } from "@/src/shop/cms/page-payload";
import { isPreviewCookieValid, PREVIEW_COOKIE, PREVIEW_LINK_PATH } from "@/src/shop/cms/preview.server";
import { blockChunkUrls } from "@/src/shop/cms/render/block-chunks.server";
import { blockTypesOf } from "@/src/shop/cms/render/cms-page-view";
import { verifyRequest } from "@/src/shop/cms/request-signing.server";

const WebhookSchema = z.object({
  sys: z.object({
    id: z.string(),
    type: z.string(),
    contentType: z.object({ sys: z.object({ id: z.string() }) }).optional(),
  }),
  fields: z.record(z.string(), z.unknown()).optional(),
});

function toFetchRequest(req: Request): globalThis.Request {
  return new globalThis.Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, {
    headers: { cookie: req.get("cookie") ?? "" },
  });
}

type CmsRouteOptions = {
  pageCache: PageCache;
  isPersonal: (req: SharedRequest) => boolean;
  contentDir?: string;
};

/**
 * The CMS's HTTP side (spec section 7, DESIGN section 4): `{path}/_payload.json` for client-side
 * navigation, the signed publish webhook, preview links, and the local content's images.
 */
export function cmsRoutes(services: AppServices, options: CmsRouteOptions): Router {
  const router = Router();
  const { config } = services;

  if (options.contentDir) {
    router.use(
      "/cms-assets",
      express.static(path.join(options.contentDir, "assets", "files"), {
        maxAge: "1h",
        redirect: false,
        index: false,
      }),
    );
  }
  router.get(["/_payload.json", "/{*rest}/_payload.json"], payloadRoute(services, options));
  router.post("/api/cms/webhook", express.raw({ type: () => true, limit: "1mb" }), webhookRoute(services));
  router.get("/api/cms/preview", previewRoute());
  router.get("/api/cms/preview/exit", exitPreviewRoute(config));
  return router;
}

/**
 * A page's payload, shared through the page cache when no one's cookies shape it; a failed render
 * falls back to the stale entry.
 */
function payloadRoute(services: AppServices, options: CmsRouteOptions): RequestHandler {
  return async (req, res, next) => {
    try {
      const pagePath = req.path.replace(/\/?_payload\.json$/, "") || "/";
      const preview = isPreviewCookieValid(services.config.sessionSecret, req.get("cookie"));
      const cacheable = !options.isPersonal(req) && !preview;
      const layoutKey = "payload";
      const pageKey = PageCache.key({
        kind: "payload",
        buildId: services.build.id,
        layoutKey,
        path: pagePath,
      });
      // A page showing experiments: the copy of the visitor's groups (none yet: drawn below, not shared).
      const key = options.pageCache.copyKey(pageKey, readExperimentGroups(req.get("cookie")));
      const hit = cacheable && key ? options.pageCache.get(key) : undefined;
      if (hit?.fresh) return await sendEntry(req, res, hit.entry, "HIT");
      const answer = await payloadFor(services, req, res, pagePath, preview).catch((error) => {
        if (hit)
          return { status: hit.entry.status, body: JSON.parse(hit.entry.body.toString()) as PagePayload };
        throw error;
      });
      const { status, body } = answer;
      if (!body) return sendProblem(res, problem(404, { detail: `Page Not Found: ${pagePath}` }));
      const json = Buffer.from(JSON.stringify(body));
      const groups = "groups" in answer ? answer.groups : undefined;
      if (cacheable && groups !== undefined && body.page && body.page.middleware.length === 0) {
        const entry = {
          status,
          headers: SHARED_PAYLOAD_HEADERS,
          body: json,
          tags: [...body.page.tags, `path:${pagePath}`],
        };
        options.pageCache.set(options.pageCache.answerKey(pageKey, groups), entry);
        return await sendEntry(req, res, entry, "MISS");
      }
      res.setHeader("Cache-Control", CachePolicy.private);
      res.status(status).type("application/json").send(json);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The payload of a page: a redirect (a route rule's or its middleware's), the page as this visitor's
 * experiment groups show it, or none (404). `groups`: the experiment groups it was made for, when it may be
 * shared with everyone in them (no group was drawn for this visitor now).
 */
async function payloadFor(
  services: AppServices,
  req: Request,
  res: Response,
  pagePath: string,
  preview: boolean,
): Promise<{ status: number; body: PagePayload | undefined; groups?: string }> {
  const buildId = services.build.id;
  const rules = resolveRouteRules(await services.routeRules(), pagePath);
  if (rules.redirect)
    return {
      status: 200,
      body: { buildId, redirect: { to: rules.redirect.to, permanent: Boolean(rules.redirect.permanent) } },
    };
  const resolved = await services.cms.getPage(pagePath, { preview });
  if (!resolved) return { status: 404, body: undefined };
  const url = new URL(pagePath, services.config.baseUrl);
  const responseCookies: string[] = [];
  try {
    const context = createRequestContext(services, requestFacts(req), {
      requestId: res.locals.requestId,
      nonce: res.locals.nonce,
      log: res.locals.log,
      responseCookies,
    });
    await runRouteMiddleware([...rules.appMiddleware, ...resolved.middleware], {
      request: toFetchRequest(req),
      url,
      context,
    });
  } catch (thrown) {
    if (thrown instanceof globalThis.Response && thrown.headers.get("location")) {
      return {
        status: 200,
        body: { buildId, redirect: { to: thrown.headers.get("location") ?? "/", permanent: false } },
      };
    }
    throw thrown;
  } finally {
    // The portal's answers (an ended session clears the login cookie) reach the browser.
    for (const cookie of responseCookies) res.append("Set-Cookie", cookie);
  }
  const shown = await showExperiments(resolved, {
    cookie: req.get("cookie"),
    lookup: experimentLookup(
      services.clientsFor({ cookie: undefined, log: res.locals.log, setCookie: () => undefined }).shop,
    ),
  });
  if (shown.cookieGroups) {
    const { secureCookies: secure, cookieDomain: domain } = services.config;
    res.append("Set-Cookie", experimentCookie(shown.cookieGroups, { secure, domain }));
  }
  const { page } = shown;
  return {
    status: 200,
    body: { buildId, page, chunks: blockChunkUrls(blockTypesOf(page.blocks, page.refs)) },
    ...(shown.cookieGroups ? {} : { groups: formatExperimentGroups(shown.groups) }),
  };
}

/** The CMS's signed publish webhook: drops the cached pages of the changed entry. */
function webhookRoute({ config, cms }: AppServices): RequestHandler {
  return (req, res) => {
    const secret = config.content.contentful.webhookSecret;
    if (!secret)
      return sendProblem(
        res,
        problem(503, { detail: "The CMS webhook is not configured (CONTENTFUL_WEBHOOK_SECRET)" }),
      );
    const body = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(",") : value,
      ]),
    );
    if (!verifyRequest(secret, { method: req.method, path: req.originalUrl, headers, body })) {
      res.locals.log.warn("CMS webhook with an invalid signature");
      return sendProblem(res, problem(401, { detail: "Invalid webhook signature" }));
    }
    let payload: z.infer<typeof WebhookSchema>;
    try {
      payload = WebhookSchema.parse(JSON.parse(body));
    } catch {
      return sendProblem(res, problem(400, { detail: "Not a Contentful webhook payload" }));
    }
    const contentType = payload.sys.contentType?.sys.id;
    const localizedPath = (payload.fields?.path as Record<string, unknown> | undefined)?.["nl-NL"];
    const tags = [payload.sys.id, ...(typeof localizedPath === "string" ? [`path:${localizedPath}`] : [])];
    cms.invalidate(tags, contentType ? [contentType] : []);
    res.status(202).json({ invalidated: tags });
  };
}

/**
 * Preview links made before the page `/voorbeeldweergave` existed (and CMS settings that still make them):
 * the page checks the signature, sets the cookie or explains in Dutch why it cannot (decision 22).
 */
function previewRoute(): RequestHandler {
  return (req, res) => {
    const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    res.setHeader("Cache-Control", CachePolicy.private);
    res.redirect(302, `${PREVIEW_LINK_PATH}${query}`);
  };
}

/** Leaves the preview: clears its cookie and opens the page again as everyone sees it. */
function exitPreviewRoute(config: AppServices["config"]): RequestHandler {
  return (req, res) => {
    const target = safeRedirectTarget(
      typeof req.query.path === "string" ? req.query.path : undefined,
      redirectTargetOptions(config),
    );
    res.clearCookie(PREVIEW_COOKIE, {
      path: "/",
      secure: config.secureCookies,
      sameSite: "lax",
      httpOnly: true,
    });
    // And the one set in Contentful's iframe (decision 28): a later page in that frame cannot tell it is
    // framed (its fetch metadata says same-origin), and only a clearing cookie naming the partition reaches it.
    res.clearCookie(PREVIEW_COOKIE, {
      path: "/",
      secure: true,
      sameSite: "none",
      partitioned: true,
      httpOnly: true,
    });
    res.redirect(302, target);
  };
}
