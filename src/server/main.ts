import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import express from "express";
import type { DestinationStream } from "pino";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { z } from "zod";
import { contract } from "@/src/api/contract/registry";
import { implementations } from "@/src/api/server/implementations";
import { openApiRouter } from "@/src/api/server/openapi-routes";
import { createApiRouter } from "@/src/api/server/router";
import type { RouteRule } from "@/src/app/route-rules";
import { cmsRoutes } from "@/src/cms/cms-routes.server";
import { createCmsService } from "@/src/cms/cms-service.server";
import { PREVIEW_COOKIE } from "@/src/cms/preview.server";
import { createContentSource } from "@/src/cms/source/create-source.server";
import { ConfigError, parseConfig } from "@/src/config/env.server";
import { openDatabase } from "@/src/db/database.server";
import { seedIfEmpty } from "@/src/db/seed";
import { createPayments } from "@/src/features/tickets/payment-routes.server";
import { portalRoutes } from "@/src/portal/portal-routes.server";
import { createApp } from "./app";
import { readBuildInfo } from "./build-info";
import { apiProxy } from "./http/api-proxy";
import { createLogger } from "./logger";
import { DatabaseRateLimiter } from "./rate-limit/rate-limiter.server";
import { createRecaptcha } from "./recaptcha/recaptcha.server";
import type { AppServices } from "./request-context";
import { SessionManager } from "./session/session.server";
import { PageCache } from "./ssr/page-cache";
import { loadPrerendered } from "./ssr/prerendered";

/** The PostgreSQL channel on which processes tell each other of content changes. */
const CONTENT_CHANGE_CHANNEL = "kl_content_changed";
const PeerContentChange = z.object({
  instance: z.string(),
  ids: z.array(z.string()).optional(),
  contentTypes: z.array(z.string()),
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type StartOptions = {
  serverBuild: () => Promise<ServerBuild>;
  vite?: ViteDevServer;
  env?: Record<string, string | undefined>;
  logDestination?: DestinationStream;
  /** Extra route rules, for tests that need a rule the product does not ship. */
  extraRouteRules?: RouteRule[];
  /** Install SIGTERM/SIGINT handlers (the real process does; tests drive `shutdown` themselves). */
  handleSignals?: boolean;
};

/** How long a cached page counts as fresh; invalidation (webhook, file change) ends it earlier. */
const PAGE_CACHE_FRESH_MS = 5 * 60_000;

export type RunningServer = {
  server: Server;
  url: string;
  services: AppServices;
  shutdown: () => Promise<void>;
};

/**
 * Starts the shop: parses the configuration (a bad value stops start-up, naming it), creates the services,
 * listens, and drains in-flight requests on SIGTERM before exiting.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const config = parseConfig(options.env ?? process.env);
  const logger = createLogger(config.logLevel, options.logDestination);
  if (config.sessionSecretGenerated) {
    logger.warn("SESSION_SECRET is not set: using a random secret, so sessions end when this process stops");
  }

  // The database is opened, migrated and (when embedded and empty) seeded before the port opens, so the
  // first request never pays for warming it up.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.pgliteDataDir,
    logger,
  });
  if (database.kind === "pglite" && (await seedIfEmpty(database.db)))
    logger.info("seeded the empty embedded database");
  const sessions = new SessionManager(database.db, {
    secure: config.secureCookies,
    domain: config.cookieDomain,
    secret: config.sessionSecret,
  });

  const pageCache = new PageCache(PAGE_CACHE_FRESH_MS);
  // With one process per core (decision 8), a webhook reaches one of them; it tells the others.
  const instance = randomUUID();
  const cms = createCmsService({
    source: createContentSource(config.content),
    db: database.db,
    logger,
    extraRouteRules: options.extraRouteRules,
    onInvalidate: (tags) => pageCache.invalidate(tags),
    publish: database.broadcast
      ? (change) =>
          void database.broadcast
            ?.publish(CONTENT_CHANGE_CHANNEL, JSON.stringify({ ...change, instance }))
            .catch((error) =>
              logger.error({ err: error }, "could not tell the other processes of a content change"),
            )
      : undefined,
  });
  const stopListening = await database.broadcast?.subscribe(
    CONTENT_CHANGE_CHANNEL,
    (payload) => {
      const change = PeerContentChange.safeParse(safeJson(payload));
      if (!change.success) return logger.warn({ payload }, "ignored an unreadable content change message");
      if (change.data.instance !== instance) cms.applyPeerChange(change.data);
    },
    // Back after a lost connection: changes may have been missed, so everything is dropped.
    () => cms.applyPeerChange({ contentTypes: [] }),
  );
  const build = readBuildInfo(Boolean(options.vite));
  const prerendered = loadPrerendered(build.id, pageCache, logger);

  const payments = createPayments({ db: database.db, logger });
  const services: AppServices = {
    config,
    logger,
    build,
    routeRules: cms.routeRules,
    cms,
    sessions,
    db: database.db,
    payments: payments.provider,
    auth: {
      isLoggedIn: async (request) =>
        Boolean(await sessions.playerForCookieHeader(request.headers.get("cookie"))),
    },
  };

  const api = express.Router();
  const operatorApi = express.Router();
  if (config.apiOrigin) {
    // The operator's API answers instead of the embedded one; the client code is the same either way.
    operatorApi.use("/api", apiProxy(config.apiOrigin));
  } else {
    api.use(openApiRouter(contract));
    api.use(
      createApiRouter(implementations, {
        config,
        db: database.db,
        sessions,
        rateLimiter: new DatabaseRateLimiter(database.db),
        recaptcha: createRecaptcha({
          secretKey: config.recaptcha.secretKey,
          sessionSecret: config.sessionSecret,
        }),
        siteSettings: cms.siteSettings,
        payments: payments.provider,
        logger,
        now: () => new Date(),
      }),
    );
  }

  // Anonymous visitors share cached pages; a logged-in player or an editor in preview never does.
  const isPersonal = (req: express.Request) =>
    sessions.hasLoginCookie(req) ||
    req.path.startsWith("/mijn") ||
    // The basket and checkout render what this browser's cookies hold.
    req.path.startsWith("/winkelmandje") ||
    req.path.startsWith("/afrekenen") ||
    Boolean(req.get("cookie")?.includes(PREVIEW_COOKIE));

  let shuttingDown = false;
  const app = createApp({
    services,
    serverBuild: options.serverBuild,
    vite: options.vite,
    api: config.apiOrigin ? undefined : api,
    apiProxy: config.apiOrigin ? operatorApi : undefined,
    portal: portalRoutes(services, sessions),
    // With an operator's API, payments are theirs too.
    payments: config.apiOrigin ? undefined : payments.routes,
    beforeSsr: cmsRoutes(services, {
      pageCache,
      isPersonal,
      contentDir: config.content.source === "local" ? config.content.dir : undefined,
    }),
    pageCache: { store: pageCache, isPersonal },
    prerendered: () => prerendered,
    readiness: [
      { name: "database", check: database.ping },
      { name: "content", check: cms.ping },
    ],
    isShuttingDown: () => shuttingDown,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.port, config.host, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`;
  logger.info({ url, build: services.build.id }, "Kroonloterij webshop listening");

  let closing: Promise<void> | undefined;
  const shutdown = () => {
    closing ??= (async () => {
      shuttingDown = true;
      logger.info("shutting down: finishing requests in flight");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 250);
      const timer = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
      await closed;
      clearInterval(sweep);
      clearTimeout(timer);
      await options.vite?.close();
      cms.close();
      await stopListening?.();
      await database.close();
      logger.info("shutdown complete");
    })();
    return closing;
  };

  if (options.handleSignals) {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        void shutdown().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  }
  return { server, url, services, shutdown };
}

/** Prints configuration problems plainly and exits, instead of a stack trace. */
export function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  throw error;
}
