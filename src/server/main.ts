import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import express from "express";
import type { DestinationStream, Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { z } from "zod";
import { implementations } from "@/src/backend/api/implementations";
import { openApiRouter } from "@/src/backend/api/openapi-routes";
import { type Db, openDatabase } from "@/src/backend/db/database.server";
import { seedIfEmpty } from "@/src/backend/db/seed";
import { DatabaseRateLimiter } from "@/src/backend/http/rate-limit/rate-limiter.server";
import { createRecaptcha } from "@/src/backend/http/recaptcha/recaptcha.server";
import { type ApiServices, createApiRouter } from "@/src/backend/http/router";
import { SessionManager } from "@/src/backend/http/session/session.server";
import { createJobs } from "@/src/backend/jobs/runtime.server";
import { portalRoutes } from "@/src/backend/portal/portal-routes.server";
import { createDirectDebit } from "@/src/backend/simulators/direct-debit/direct-debit.server";
import { createIdinSimulator, IDIN_SIMULATOR_PATH } from "@/src/backend/simulators/idin/simulator.server";
import { MAILBOX_PATH } from "@/src/backend/simulators/mailbox/routes.server";
import { fileFaults } from "@/src/backend/simulators/payments/faults.server";
import { createPayments, SIMULATOR_PATH } from "@/src/backend/simulators/payments/payment-routes.server";
import { type Config, ConfigError, parseConfig } from "@/src/config/env.server";
import { toPublicEnv } from "@/src/config/public-env.server";
import { contract } from "@/src/contract/registry";
import { getShopToken } from "@/src/contract/tokens";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { loginCookieName } from "@/src/lib/cookie-names";
import { readCookie } from "@/src/lib/cookies";
import type { RouteRule } from "@/src/lib/route-rules";
import { cmsRoutes } from "@/src/server/http/cms-routes.server";
import { createInProcessClients } from "@/src/server/in-process-client.server";
import type { AppServices } from "@/src/shop/app/request-context";
import type { ApiClients } from "@/src/shop/client/api-caller";
import { createForwardingClients } from "@/src/shop/client/forwarding-clients.server";
import { type CmsService, createCmsService, createContentLookups } from "@/src/shop/cms/cms-service.server";
import { allGamePages } from "@/src/shop/cms/game-pages";
import { PREVIEW_COOKIE } from "@/src/shop/cms/preview.server";
import { createContentSource } from "@/src/shop/cms/source/create-source.server";
import { createApp, type ReadinessCheck } from "./app";
import { readBuildInfo } from "./build-info";
import { startComposer } from "./composer.server";
import { apiProxy } from "./http/api-proxy";
import { createLogger } from "./logger";
import { openMail } from "./mail.server";
import { processMetrics } from "./metrics/process-metrics.server";
import { startOperatorEndpoint } from "./operator/operator-endpoint.server";
import { shopFiles, withShopSecret } from "./operator/shop-files.server";
import { PageCache, type SharedRequest } from "./ssr/page-cache";
import { loadPrerendered } from "./ssr/prerendered";
import { processTracing } from "./tracing/tracing.server";

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
  /** The embedded API's database and sessions; absent on a front end of the operator's API. */
  embedded?: { db: Db; sessions: SessionManager };
  shutdown: () => Promise<void>;
  /** Requests answered from the page cache in front of the Express stack (issue 21). */
  fastPathAnswers: () => number;
  /** Where Prometheus scrapes this process (decision 23); absent with METRICS_PORT=off or a port taken. */
  metricsUrl?: string;
};

/**
 * Starts the shop: parses the configuration (a bad value stops start-up, naming it), creates the services,
 * listens, and drains in-flight requests on SIGTERM before exiting.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = configured(options);
  const metrics = processMetrics(config, logger);
  const build = readBuildInfo(Boolean(options.vite));
  const tracing = processTracing(config, logger, build.id);

  // The API reads the CMS's page configs and banner, and the CMS's blocks call the API: the content
  // lookups need nothing of the API and come first, the pages (createCmsService) after the API.
  const content = createContentLookups({
    source: metrics.source(tracing.source(createContentSource(config.content))),
    logger,
    extraRouteRules: options.extraRouteRules,
    onLastGood: metrics.onLastGood,
  });
  const embedded = config.apiOrigin
    ? undefined
    : await startEmbeddedApi(config, logger, tracing, {
        siteSettings: content.siteSettings,
        pageContent: content.pageConfig,
        onDatabaseFailure: metrics.onDatabaseFailure,
        onOrderSettled: metrics.onOrderSettled,
        measuredPayments: (provider) => metrics.payments(tracing.payments(provider)),
      });
  const clientsFor = pageClients(config, embedded, metrics, tracing);
  const anonymousClients = anonymousClientsOf(clientsFor);

  const pageCache = new PageCache(PAGE_CACHE_FRESH_MS);
  const changes = contentChanges(embedded?.database.broadcast, logger);
  const cms = createCmsService({
    content,
    clients: anonymousClients,
    logger,
    onInvalidate: (tags) => pageCache.invalidate(tags),
    publish: changes.publish,
  });
  const stopListening = await changes.follow(cms);
  const composer = await composerOf(config, embedded, logger, cms);
  const services: AppServices = { config, logger, build, routeRules: cms.routeRules, cms, clientsFor };

  const readiness = readinessChecks(embedded, anonymousClients, cms);
  metrics.readiness(readiness);
  let shuttingDown = false;
  const { handle, fastPathAnswers } = createApp(
    appOptions({
      options,
      services,
      embedded,
      pageCache,
      composer: composer?.routes,
      readiness,
      isShuttingDown: () => shuttingDown,
    }),
  );

  const { server, url } = await listen(await observed(handle, options.serverBuild, metrics, tracing), config);
  logger.info({ url, build: services.build.id }, "Kroonloterij webshop listening");
  const metricsListener = await metrics.listen();
  // The subscription jobs (decision 13) start once the shop answers; JOBS=off leaves them to another process.
  if (embedded && config.jobs) embedded.jobs.start();
  const operator = embedded && (await operatorEndpoint(config, embedded.database.db, logger));

  const shutdown = drainOnce(server, config, logger, () => {
    shuttingDown = true;
    return async () => {
      await options.vite?.close();
      cms.close();
      await stopListening?.();
      await operator?.close();
      await metricsListener?.close();
      await embedded?.jobs.stop();
      await embedded?.mailbox?.close();
      await embedded?.database.close();
      await tracing.shutdown();
    };
  });
  if (options.handleSignals) exitOnSignals(shutdown);
  const exposed = embedded && { db: embedded.database.db, sessions: embedded.sessions };
  const metricsUrl = metricsListener?.url;
  return { server, url, services, embedded: exposed, shutdown, fastPathAnswers, metricsUrl };
}

type EmbeddedApi = Awaited<ReturnType<typeof startEmbeddedApi>>;

/** The request handler measured (decision 23) inside each request's trace (decision 24). */
async function observed(
  handle: Parameters<typeof createServer>[1] & {},
  serverBuild: StartOptions["serverBuild"],
  metrics: ReturnType<typeof processMetrics>,
  tracing: ReturnType<typeof processTracing>,
) {
  return tracing.handler(await metrics.handler(handle, serverBuild), serverBuild);
}

/** What `/readyz` (and the metrics' `shop_readiness`) asks: the database or the API, and the content. */
function readinessChecks(
  embedded: EmbeddedApi | undefined,
  anonymousClients: ReturnType<typeof anonymousClientsOf>,
  cms: { ready: () => Promise<unknown> },
): ReadinessCheck[] {
  return [
    embedded
      ? { name: "database", check: embedded.database.ping }
      : { name: "api", check: () => anonymousClients.shop.call(getShopToken) },
    // Ready while the CMS is down as long as last good pages can be served (the CMS service).
    { name: "content", check: cms.ready },
  ];
}

/** The composer (issue 44) on the embedded database of a whole shop; none on a front end or the API process. */
async function composerOf(
  config: Config,
  embedded: EmbeddedApi | undefined,
  logger: Logger,
  cms: Pick<CmsService, "invalidate" | "readConceptsFrom">,
) {
  if (!embedded || config.serve !== "all") return undefined;
  const composer = await startComposer({
    config,
    db: embedded.database.db,
    rateLimiter: new DatabaseRateLimiter(embedded.database.db),
    logger,
    // A redirect's content type tells the shop to read its redirects again (site-wide content).
    onPublished: (ids, contentTypes) => cms.invalidate(ids, contentTypes),
  });
  if (composer) {
    embedded.scheduledPublications.publish = composer.publishScheduled;
    cms.readConceptsFrom(composer.conceptPage);
  }
  return composer;
}

/**
 * The clients pages read through (DESIGN section 3a), measured (decision 23) and traced (decision 24):
 * in-process calls of the embedded API (whose database the metrics count), or the operator's API over HTTP
 * with the player's cookies and the request's `traceparent`.
 */
function pageClients(
  config: Config,
  embedded: EmbeddedApi | undefined,
  metrics: ReturnType<typeof processMetrics>,
  tracing: ReturnType<typeof processTracing>,
): AppServices["clientsFor"] {
  if (embedded) metrics.database(embedded.database);
  const apiOrigin = config.apiOrigin as string;
  return metrics.clients(
    tracing.clients(
      embedded
        ? embedded.clientsFor
        : (exchange) => createForwardingClients({ apiOrigin, exchange, fetch: tracing.fetch }),
    ),
  );
}

/** The configuration with the secret the shop signs with (decision 22), and the logger. */
function configured(options: StartOptions) {
  const { config, secretFile } = withShopSecret(parseConfig(options.env ?? process.env));
  const logger = createLogger(config.logLevel, options.logDestination);
  if (secretFile) {
    logger.info(
      { file: secretFile },
      "SESSION_SECRET is not set: signing with the embedded database's secret",
    );
  } else if (config.sessionSecretGenerated) {
    logger.warn("SESSION_SECRET is not set: using a random secret, so sessions end when this process stops");
  }
  return { config, logger };
}

/**
 * On the embedded database, the marketing scripts' endpoint (127.0.0.1, a token in a file beside the
 * database folder; decision 22): the scripts cannot open the database while the shop holds it.
 */
async function operatorEndpoint(config: Config, db: Db, logger: Logger) {
  const file = shopFiles(config)?.operator;
  if (!file) return undefined;
  const content = createContentSource(config.content);
  const endpoint = await startOperatorEndpoint({
    file,
    logger,
    deps: {
      db: async () => db,
      config,
      games: () => allGamePages(content, logger),
      now: () => new Date(),
    },
  });
  logger.info({ url: endpoint.url }, "operator endpoint for the marketing scripts listening");
  return endpoint;
}

/** Clients without any player's cookies, for what all visitors share (the CMS blocks' data). */
function anonymousClientsOf(clientsFor: AppServices["clientsFor"]): ApiClients {
  // A fresh pair per call, so no cookie an answer sets is kept and sent with the next visitor's data.
  const anonymous = () => clientsFor({ cookie: undefined, setCookie: () => undefined });
  return {
    shop: { call: (endpoint, input) => anonymous().shop.call(endpoint, input) },
    portal: { call: (endpoint, input) => anonymous().portal.call(endpoint, input) },
  };
}

/**
 * With one process per core (decision 8), a webhook reaches one of them; it tells the others over the
 * database's broadcast, and follows what the others were told. Without a broadcast (PGlite, a front end of
 * the operator's API) there is one process to tell.
 */
function contentChanges(broadcast: EmbeddedApi["database"]["broadcast"] | undefined, logger: Logger) {
  const instance = randomUUID();
  const publish = broadcast
    ? (change: { ids?: string[]; contentTypes: string[] }) =>
        void broadcast
          .publish(CONTENT_CHANGE_CHANNEL, JSON.stringify({ ...change, instance }))
          .catch((error) =>
            logger.error({ err: error }, "could not tell the other processes of a content change"),
          )
    : undefined;
  const follow = (cms: { applyPeerChange: (change: { ids?: string[]; contentTypes: string[] }) => void }) =>
    broadcast?.subscribe(
      CONTENT_CHANGE_CHANNEL,
      (payload) => {
        const change = PeerContentChange.safeParse(safeJson(payload));
        if (!change.success) return logger.warn({ payload }, "ignored an unreadable content change message");
        if (change.data.instance !== instance) cms.applyPeerChange(change.data);
      },
      // Back after a lost connection: changes may have been missed, so everything is dropped.
      () => cms.applyPeerChange({ contentTypes: [] }),
    );
  return { publish, follow };
}

/** Anonymous visitors share cached pages; a logged-in player or an editor in preview never does. */
function personalRequest(config: Config) {
  const loginCookie = loginCookieName(config.secureCookies);
  return (req: SharedRequest) =>
    readCookie(req.headers.cookie, loginCookie) === "1" ||
    req.path.startsWith("/mijn") ||
    // The basket and checkout render what this browser's cookies hold.
    req.path.startsWith("/winkelmandje") ||
    req.path.startsWith("/afrekenen") ||
    Boolean(req.headers.cookie?.includes(PREVIEW_COOKIE));
}

/** With the operator's API, its answers and its payment pages come through this front end's origin. */
function operatorApiRoutes(apiOrigin: string, portalOrigin: string | undefined) {
  const operatorApi = express.Router();
  const proxy = apiProxy(apiOrigin);
  operatorApi.use("/api", proxy);
  operatorApi.use(SIMULATOR_PATH, proxy);
  operatorApi.use(IDIN_SIMULATOR_PATH, proxy);
  operatorApi.use(MAILBOX_PATH, proxy);
  // The embedded portal pages log out through the API that holds the session.
  if (!portalOrigin) operatorApi.post("/uitloggen", proxy);
  return operatorApi;
}

/** What the Express app is made of, in one process, on the API process (SERVE=api) or on a front end. */
function appOptions(parts: {
  options: StartOptions;
  services: AppServices;
  embedded: EmbeddedApi | undefined;
  pageCache: PageCache;
  composer: express.Router | undefined;
  readiness: Parameters<typeof createApp>[0]["readiness"];
  isShuttingDown: () => boolean;
}): Parameters<typeof createApp>[0] {
  const { options, services, embedded, pageCache } = parts;
  const { config, logger, build } = services;
  const apiOnly = config.serve === "api";
  const isPersonal = personalRequest(config);
  const prerendered = apiOnly
    ? []
    : loadPrerendered(build.id, pageCache, logger, toPublicEnv(config, build.id));
  return {
    services,
    serverBuild: options.serverBuild,
    vite: options.vite,
    api: embedded?.router,
    apiProxy: config.apiOrigin ? operatorApiRoutes(config.apiOrigin, config.portalOrigin) : undefined,
    portal: portalRoutes(config, embedded?.sessions),
    composer: parts.composer,
    payments: embedded?.payments,
    beforeSsr: apiOnly
      ? undefined
      : cmsRoutes(services, {
          pageCache,
          isPersonal,
          contentDir: config.content.source === "local" ? config.content.dir : undefined,
        }),
    pageCache: apiOnly ? undefined : { store: pageCache, isPersonal },
    prerendered: () => prerendered,
    // The API process renders only the portal's pages; the shop's pages are the front ends'.
    pagesServed: apiOnly ? (path) => PORTAL_PAGE.test(path) : undefined,
    readiness: parts.readiness,
    isShuttingDown: parts.isShuttingDown,
  };
}

/** Opens the port; the address a person can open (localhost for 0.0.0.0). */
async function listen(handle: Parameters<typeof createServer>[1], config: Config) {
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = createServer(handle);
    listening.once("error", reject);
    listening.listen(config.port, config.host, () => {
      listening.off("error", reject);
      resolve(listening);
    });
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  return { server, url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}` };
}

/**
 * The shutdown, run once however often it is asked for: `begin` marks the shop as shutting down and gives
 * back what closes the services; requests in flight finish first (idle connections are closed at once,
 * every connection after the timeout).
 */
function drainOnce(server: Server, config: Config, logger: Logger, begin: () => () => Promise<void>) {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= (async () => {
      const closeServices = begin();
      logger.info("shutting down: finishing requests in flight");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 250);
      const timer = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
      await closed;
      clearInterval(sweep);
      clearTimeout(timer);
      await closeServices();
      logger.info("shutdown complete");
    })();
    return closing;
  };
}

/** The real process ends after draining on SIGTERM or SIGINT. */
function exitOnSignals(shutdown: () => Promise<void>) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void shutdown().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

/** How long a process serves before its jobs' first round (decision 13). */
const JOBS_START_DELAY_MS = 3_000;

/** The portal's pages, which the API process (SERVE=api) renders for the front ends. */
// Client-side navigation between them reads `.data` and React Router's route manifest.
const PORTAL_PAGE =
  /^\/(?:(?:inloggen|aanmelden|uitloggen|wachtwoord-vergeten|wachtwoord-herstellen)(?:\/|\.data$|$)|__manifest$)/;

/** The database opened, migrated and (PGlite, empty) seeded; its queries traced from then on (decision 24). */
async function openEmbeddedDatabase(
  config: Config,
  logger: Logger,
  tracing: ReturnType<typeof processTracing>,
) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.pgliteDataDir,
    logger,
  });
  if (database.kind === "pglite" && (await seedIfEmpty(database.db)))
    logger.info("seeded the empty embedded database");
  tracing.database(database);
  return database;
}

/**
 * The embedded API (shop API, portal, payment simulator) on its database: opened, migrated and (when
 * embedded and empty) seeded before the port opens, so the first request never pays for warming it up.
 */
async function startEmbeddedApi(
  config: Config,
  logger: Logger,
  tracing: ReturnType<typeof processTracing>,
  wiring: Pick<ApiServices, "siteSettings" | "pageContent" | "onDatabaseFailure" | "onOrderSettled"> & {
    /** The payment provider as the API calls it, measured (decision 23). */
    measuredPayments: (provider: PaymentProvider) => PaymentProvider;
  },
) {
  const { measuredPayments, ...content } = wiring;
  const database = await openEmbeddedDatabase(config, logger, tracing);
  const sessions = new SessionManager(database.db, {
    secure: config.secureCookies,
    domain: config.cookieDomain,
    secret: config.sessionSecret,
  });
  const payments = paymentSimulator(config, database.db, logger, content.onOrderSettled);
  // The direct-debit simulator's button runs the jobs here, whether or not this process runs them itself.
  const directDebit = createDirectDebit({
    db: database.db,
    logger,
    runJobs: () => jobs.runNow(),
    trustedOrigins: config.shopOrigins,
  });
  const mail = await openMail(config, database.db, logger);
  const scheduledPublications = lateComposer();
  const jobs = createJobs({
    publishPage: scheduledPublications.run,
    db: database.db,
    logger,
    directDebit: directDebit.provider,
    shopUrl: config.baseUrl,
    mail: mail.sending,
    games: () => allGamePages(createContentSource(config.content), logger),
    // The first requests of a fresh process come before catching up on due jobs.
    startDelayMs: JOBS_START_DELAY_MS,
  });
  // The banks' identity service (issue 16): the local simulator's bank pages under IDIN_SIMULATOR_PATH.
  const idin = createIdinSimulator({
    db: database.db,
    logger,
    secret: config.sessionSecret,
    trustedOrigins: config.shopOrigins,
  });
  // Its admin page first: the payment simulator's pages take every other path under the same prefix.
  const simulators = express.Router();
  simulators.use(directDebit.routes, payments.routes, idin.routes, ...mail.routes);
  const apiServices: ApiServices = {
    config,
    db: database.db,
    sessions,
    rateLimiter: new DatabaseRateLimiter(database.db),
    recaptcha: createRecaptcha({
      secretKey: config.recaptcha.secretKey,
      sessionSecret: config.sessionSecret,
    }),
    ...content,
    payments: measuredPayments(payments.provider),
    idin: tracing.idin(idin.provider),
    logger,
    now: () => new Date(),
  };
  const router = express.Router();
  const operations = tracing.implementations(implementations);
  router.use(openApiRouter(contract));
  router.use(createApiRouter(operations, apiServices));
  return {
    database,
    sessions,
    router,
    payments: simulators,
    jobs,
    mailbox: mail.mailbox,
    scheduledPublications,
    clientsFor: createInProcessClients(operations, apiServices),
  };
}

/** The composer starts after the jobs (it needs the CMS service); its scheduled publications wait for it. */
function lateComposer() {
  const holder: {
    publish?: (pageId: string, version: number) => Promise<void>;
    run: (pageId: string, version: number) => Promise<void>;
  } = {
    run: async (pageId, version) => {
      if (!holder.publish) throw new Error("the composer is not running in this process");
      await holder.publish(pageId, version);
    },
  };
  return holder;
}

/** The payment simulator; load tests may slow it with a faults file. */
function paymentSimulator(
  config: Config,
  db: Db,
  logger: Logger,
  onOrderSettled: ApiServices["onOrderSettled"],
) {
  const faultsFile = config.paymentSimulatorFaultsFile;
  if (faultsFile) logger.warn({ file: faultsFile }, "payment simulator faults can be switched on");
  const faults = faultsFile ? fileFaults(faultsFile) : undefined;
  return createPayments({ db, logger, faults, onOrderSettled });
}

/** Prints configuration problems plainly and exits, instead of a stack trace. */
export function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  throw error;
}
