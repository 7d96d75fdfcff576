import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { sendProblem } from "@/src/backend/http/send-problem";
import { BUILD_DIR } from "@/src/config/build-dir.server";
import { problem } from "@/src/contract/problem";
import { CachePolicy } from "@/src/lib/cache-policy";
import { errorPage } from "@/src/lib/messages";
import { withTimeout } from "@/src/lib/with-timeout";
import { themeForHost } from "@/src/shop/app/layouts/select-layout";
import { type AppServices, requestContext } from "@/src/shop/app/request-context";
import { CONTENTFUL_APP_ORIGINS } from "@/src/shop/cms/live-preview-origins";
import { isPreviewCookieValid } from "@/src/shop/cms/preview.server";
import { buildEndpoints } from "./build-endpoints";
import { clientErrorEndpoint } from "./client-errors";
import { createFastPath, type FastPathOptions } from "./http/fast-path";
import { flagBadPageRequests, refuseRequest } from "./http/request-guards";
import { requestLog } from "./http/request-log";
import { createSecurityHeaders, type SecurityHeaders } from "./http/security-headers";
import { precompressedAssets } from "./http/static-assets";
import { removeTrailingSlash } from "./http/trailing-slash";
import { createRequestContext } from "./request-context.server";
import { PageCache, type SharedRequest } from "./ssr/page-cache";
import { createSsrHandler, type SsrCache } from "./ssr/ssr-handler";
import { telemetryEndpoint } from "./telemetry";

export type ReadinessCheck = { name: string; check: () => Promise<unknown> };

export type AppOptions = {
  services: AppServices;
  /** How to load React Router's server build: the bundle in production, Vite's module graph in dev. */
  serverBuild: () => Promise<ServerBuild>;
  readiness?: ReadinessCheck[];
  vite?: ViteDevServer;
  /** The embedded shop and portal API (absent when API_ORIGIN points at the operator's). */
  api?: express.Router;
  /** The proxy to the operator's API (API_ORIGIN), after the shop's own /api routes. */
  apiProxy?: express.Router;
  /** The embedded portal's logout and the redirects to an operator's portal. */
  portal?: express.Router;
  /** The payment simulator's pages and the payment status notification. */
  payments?: express.Router;
  /** The composer at /redactie (issue 44, decision 26); absent with COMPOSER=off or on a front end. */
  composer?: express.Router;
  /** Routes that answer before SSR (the CMS's payloads, webhook, preview and images). */
  beforeSsr?: express.Router;
  /** Paths prerendered at build time, listed in builds/meta. */
  prerendered?: () => string[];
  /** Anonymous CMS pages are cached here; `isPersonal` says which requests must bypass it. */
  pageCache?: { store: PageCache; isPersonal: (req: SharedRequest) => boolean };
  /** Which page paths this process renders (the API process: only the portal's); default all. */
  pagesServed?: (path: string) => boolean;
  /** Lets the process report "not ready" while it drains on SIGTERM. */
  isShuttingDown?: () => boolean;
};

/** Assets have content hashes in their names, so browsers and CDNs may keep them for a year. */
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** The shop's HTTP handling: the Express app, and what a server calls for each request (the fast path first). */
export type ShopApp = {
  app: Express;
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** How many requests the fast path has answered (issue 21), so tests can tell it is in use. */
  fastPathAnswers: () => number;
};

/**
 * The one HTTP process (DESIGN section 3): canonical URLs, security headers, request ids and logs,
 * compression, static files, build endpoints, the APIs, and SSR for every other path; fresh hits of the
 * page cache are answered in front of it all (http/fast-path.ts).
 */
export function createApp({
  services,
  serverBuild,
  readiness = [],
  vite,
  api,
  apiProxy,
  beforeSsr,
  portal,
  payments,
  composer,
  prerendered,
  pageCache,
  pagesServed,
  isShuttingDown = () => false,
}: AppOptions): ShopApp {
  const { config, logger } = services;
  const app = express();
  const layoutKeyFor = (host: string | undefined) => themeForHost(host, config.partnerHosts) ?? "default";
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.set("query parser", "simple");

  app.use(requestLog(logger));
  app.use(closeConnectionsWhileDraining(isShuttingDown));
  const security = securityHeadersFor(config, Boolean(vite));
  app.use(security.handler);
  app.use(removeTrailingSlash);
  app.use(compression());

  app.get("/healthz", healthCheck);
  app.get("/readyz", readinessCheck(readiness, isShuttingDown));

  // The shop API first: it is the busiest traffic after a draw, and passes every path it does not
  // declare on to the routes below (client errors, payments, CMS webhook and preview).
  app.use("/api", refuseBadApiRequests);
  if (api) app.use(api);

  app.use(buildEndpoints({ ...services, prerendered }));
  serveFiles(app, vite);

  app.use(clientErrorEndpoint());
  app.use(telemetryEndpoint());
  if (portal) app.use(portal);
  if (payments) app.use(payments);
  if (composer) app.use(composer);
  if (beforeSsr) app.use(beforeSsr);
  if (apiProxy) app.use(apiProxy);

  app.all("/api/{*rest}", (_req, res) => sendProblem(res, problem(404)));

  if (pagesServed) app.use(onlyPagesServed(pagesServed));
  app.use(flagBadPageRequests);
  app.all("/{*path}", ssrHandler({ services, serverBuild, dev: Boolean(vite), pageCache, layoutKeyFor }));

  app.use(finalErrorHandler);

  // In development every request goes through Vite's middleware, so there is no fast path.
  return withFastPath(
    app,
    pageCache && !vite
      ? {
          store: pageCache.store,
          buildId: () => services.build.id,
          layoutKeyFor,
          isPersonal: pageCache.isPersonal,
          security,
          logger,
          isShuttingDown,
        }
      : undefined,
  );
}

type PageCacheOptions = NonNullable<AppOptions["pageCache"]>;

/** While draining, every answer closes its connection so keep-alive sockets do not hold shutdown up. */
function closeConnectionsWhileDraining(isShuttingDown: () => boolean): RequestHandler {
  return (_req, res, next) => {
    if (isShuttingDown()) res.setHeader("Connection", "close");
    next();
  };
}

/** The security headers, allowing the forms that post to the portal, the front ends and the partner hosts. */
function securityHeadersFor(config: AppServices["config"], dev: boolean): SecurityHeaders {
  return createSecurityHeaders({
    partnerHosts: Object.keys(config.partnerHosts),
    secure: config.secureCookies,
    dev,
    brazeEndpoint: config.braze.sdkEndpoint,
    // Editors on Contentful preview in its web app's iframe (decision 27); players' pages stay unframed.
    ...(config.content.source === "contentful"
      ? {
          framedPreview: {
            isPreview: (req: express.Request) =>
              isPreviewCookieValid(config.sessionSecret, req.get("cookie")),
            origins: CONTENTFUL_APP_ORIGINS,
          },
        }
      : {}),
    formTargets: [
      ...(config.portalOrigin ? [config.portalOrigin] : []),
      ...config.shopOrigins,
      ...Object.keys(config.partnerHosts),
    ],
  });
}

/** Liveness: the process answers. */
const healthCheck: RequestHandler = (_req, res) => {
  res.setHeader("Cache-Control", CachePolicy.noStore);
  res.json({ status: "ok" });
};

/** Readiness: every check answers within 2 s, and the process is not draining. */
function readinessCheck(readiness: ReadinessCheck[], isShuttingDown: () => boolean): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", CachePolicy.noStore);
    if (isShuttingDown()) return sendProblem(res, problem(503, { detail: "Shutting down" }));
    const results = await Promise.all(
      readiness.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), 2_000);
          return [name, "ok"] as const;
        } catch (error) {
          res.locals.log.warn({ err: error, check: name }, "readiness check failed");
          return [name, "failing"] as const;
        }
      }),
    );
    const checks = Object.fromEntries(results);
    const ok = results.every(([, state]) => state === "ok");
    res.status(ok ? 200 : 503).json({ status: ok ? "ready" : "not ready", checks });
  };
}

/** An API path too long or not decodable is refused with problem details before any API route reads it. */
const refuseBadApiRequests: RequestHandler = (req, res, next) => {
  const refusal = refuseRequest(req.method, req.originalUrl, true);
  if (refusal) return sendProblem(res, problem(refusal.status));
  next();
};

/** Vite's middleware in development; the built assets (kept a year) and public files otherwise. */
function serveFiles(app: Express, vite: ViteDevServer | undefined): void {
  if (vite) {
    app.use(vite.middlewares);
    return;
  }
  const clientDir = path.join(BUILD_DIR, "client");
  const assetsDir = path.join(clientDir, "assets");
  app.use("/assets", precompressedAssets(assetsDir, ONE_YEAR_MS));
  app.use(
    "/assets",
    express.static(assetsDir, {
      immutable: true,
      maxAge: ONE_YEAR_MS,
      redirect: false,
      index: false,
    }),
  );
  const publicFiles = express.static(clientDir, { maxAge: "1h", redirect: false, index: false });
  // Public files all have an extension; page paths skip the file-system lookup.
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
}

/** A page path this process does not render is a 404 (the final error handler's page). */
function onlyPagesServed(pagesServed: (path: string) => boolean): RequestHandler {
  return (req, _res, next) =>
    next(pagesServed(req.path) ? undefined : Object.assign(new Error(), { status: 404 }));
}

/** Server rendering, each render with its own request context, through the page cache when there is one. */
function ssrHandler({
  services,
  serverBuild,
  dev,
  pageCache,
  layoutKeyFor,
}: {
  services: AppServices;
  serverBuild: AppOptions["serverBuild"];
  dev: boolean;
  pageCache: PageCacheOptions | undefined;
  layoutKeyFor: (host: string | undefined) => string;
}): RequestHandler {
  return createSsrHandler({
    serverBuild,
    mode: dev ? "development" : "production",
    logger: services.logger,
    contextFor: (facts, values) => {
      const context = new RouterContextProvider();
      context.set(requestContext, createRequestContext(services, facts, values));
      return context;
    },
    cache: pageCache && {
      store: pageCache.store,
      buildId: services.build.id,
      keyFor: pageCacheKey(services, pageCache, layoutKeyFor),
    },
  });
}

/** Only an anonymous GET or HEAD of a page, without a query and not an error, is shared through the cache. */
function pageCacheKey(
  services: AppServices,
  pageCache: PageCacheOptions,
  layoutKeyFor: (host: string | undefined) => string,
): SsrCache["keyFor"] {
  return (req) => {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    if (req.originalUrl.includes("?") || req.path.endsWith(".data") || req.res?.locals.httpError)
      return undefined;
    if (pageCache.isPersonal(req)) return undefined;
    return PageCache.key({
      kind: "html",
      buildId: services.build.id,
      layoutKey: layoutKeyFor(req.get("host")),
      path: req.path,
    });
  };
}

/** The app behind the fast path when there is one, and the count of the fast path's answers. */
function withFastPath(app: Express, fastPathOptions: Omit<FastPathOptions, "onAnswer"> | undefined): ShopApp {
  let fastPathAnswers = 0;
  const fastPath =
    fastPathOptions &&
    createFastPath({
      ...fastPathOptions,
      onAnswer: () => {
        fastPathAnswers++;
      },
    });
  return {
    app,
    handle: fastPath ? (req, res) => fastPath(req, res) || app(req, res) : (req, res) => app(req, res),
    fastPathAnswers: () => fastPathAnswers,
  };
}

/** Errors that escape every handler: problem details for the API, a bare Dutch error page otherwise. */
const finalErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const status =
    typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
  if (status >= 500) res.locals.log?.error({ err: error }, "unhandled error");
  if (res.headersSent) return res.end();
  if (req.originalUrl.startsWith("/api/")) return sendProblem(res, problem(status));
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="nl"><meta charset="utf-8"><title>${errorPage.errorTitle}</title><h1>${
        status === 404 ? errorPage.notFoundTitle : errorPage.errorTitle
      }</h1><p><a href="/">${errorPage.homeButton}</a></p></html>`,
    );
};
