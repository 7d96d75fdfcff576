import express from "express";
import { implementations } from "@/src/backend/api/implementations";
import { openApiRouter } from "@/src/backend/api/openapi-routes";
import { type Database, openDatabase } from "@/src/backend/db/database.server";
import { seedDatabase } from "@/src/backend/db/seed";
import { DatabaseRateLimiter, type RateLimiter } from "@/src/backend/http/rate-limit/rate-limiter.server";
import { LocalRecaptcha } from "@/src/backend/http/recaptcha/recaptcha.server";
import { type ApiServices, createApiRouter } from "@/src/backend/http/router";
import { sendProblem } from "@/src/backend/http/send-problem";
import { SessionManager } from "@/src/backend/http/session/session.server";
import { createIdinSimulator } from "@/src/backend/simulators/idin/simulator.server";
import { createPayments } from "@/src/backend/simulators/payments/payment-routes.server";
import { parseConfig } from "@/src/config/env.server";
import { problem } from "@/src/contract/problem";
import { contract } from "@/src/contract/registry";
import type { AffiliateOffer } from "@/src/domain/affiliate-tickets/affiliate-rules";
import type { GamePage } from "@/src/domain/games-of-chance/game-page";
import type { GiftTicketOffer } from "@/src/domain/gift-tickets/gift-rules";
import type { PageConfigs, PageConfigType } from "@/src/domain/page-content";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import type { PromotionPage } from "@/src/domain/promotions/promotion-page";
import type { RetentionOfferPage, SubscriptionUpsell } from "@/src/domain/subscriptions/changes";
import type { SubscriptionPageOffer } from "@/src/domain/subscriptions/plan";
import { requestLog } from "@/src/server/http/request-log";
import { createInProcessClients } from "@/src/server/in-process-client.server";
import type { ApiClients, UpstreamExchange } from "@/src/shop/client/api-caller";

import { capturedLogger } from "./captured-logs";
import { listenLocally } from "./listen";
import { scratchDatabase } from "./scratch-database";

export { cookieClient } from "./cookie-client";

/**
 * The embedded API on its own isolated database: an in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a fresh PostgreSQL database created for this harness and dropped afterwards.
 */
export type ApiHarness = {
  url: string;
  database: Database;
  sessions: SessionManager;
  logs: Array<Record<string, unknown>>;
  payments: PaymentProvider;
  /** The embedded API's in-process clients on the same services, as the shop's pages call it. */
  inProcess: (exchange: UpstreamExchange) => ApiClients;
  /** The services the handlers read on every request: a test may swap one (a CMS that is down). */
  services: ApiServices;
  close: () => Promise<void>;
};

async function isolatedDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    return { database, drop: async () => undefined };
  }
  const scratch = await scratchDatabase(serverUrl, "kl_test");
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 4 });
  return { database, drop: scratch.drop };
}

/** A shop front end the harness's simulators trust (SHOP_ORIGINS): it forwards their pages. */
export const TRUSTED_FRONT_END = "http://front-end.test";

export type ApiHarnessOptions = {
  /** The clock the API and the payment simulator read; the real one by default. */
  now?: () => Date;
  /** The rate limiter over the harness's database; the shop's own (DatabaseRateLimiter) by default. */
  rateLimiter?: (db: Database["db"]) => RateLimiter;
  /** The subscription form blocks the CMS would have (TEST_SUBSCRIPTION_OFFERS by default). */
  subscriptionOffers?: readonly SubscriptionPageOffer[];
  /** The upsell blocks the CMS would have (TEST_SUBSCRIPTION_UPSELLS by default). */
  subscriptionUpsells?: readonly SubscriptionUpsell[];
  /** The cancellation pages' retention offers the CMS would have (TEST_RETENTION_OFFERS by default). */
  retentionOffers?: readonly RetentionOfferPage[];
};

/** The upsell blocks of the harness, as the seed content has them: XL in /mijn, the year-end draw on its page. */
export const TEST_SUBSCRIPTION_UPSELLS: readonly SubscriptionUpsell[] = [
  { pageId: "xl-upsell", kind: "xl" },
  { pageId: "oudejaars-upsell", kind: "draw", drawKind: "yearEnd" },
];

/** The cancellation page of the harness, as the seed content has it: the three offers of shared/domain.md. */
export const TEST_RETENTION_OFFERS: readonly RetentionOfferPage[] = [
  {
    pageId: "abonnement-opzeggen",
    offers: [
      {
        id: "drie-maanden-halve-prijs",
        kind: "discount",
        title: "3 maanden halve prijs",
        description: "Speel de komende 3 trekkingen mee voor de helft van je maandbedrag.",
        draws: 3,
        discountPercent: 50,
      },
      {
        id: "overstappen-op-vijfde-lot",
        kind: "switchToFifth",
        title: "Speel met een vijfde lot",
        description: "Je hele loten worden vijfde loten: je speelt mee voor een lager bedrag.",
      },
      {
        id: "drie-maanden-pauze",
        kind: "pause",
        title: "3 maanden pauze",
        description: "Je speelt 3 trekkingen niet mee en betaalt niets. Daarna loopt je abonnement door.",
        draws: 3,
      },
    ],
  },
];

/**
 * The subscription pages of the harness, as the seed content has them: `abonnement` with a trial (three
 * draws at half price) and `abonnement-actie` with a sweepstake that ends a year from now.
 */
/** The gift pages of the harness: `cadeau` gives whole and fifth tickets, `cadeau-heel` whole ones only. */
export const TEST_GIFT_OFFERS: readonly GiftTicketOffer[] = [
  { pageId: "cadeau", fractions: ["WHOLE", "ONE_FIFTH"] },
  { pageId: "cadeau-heel", fractions: ["WHOLE"] },
];

/**
 * The affiliate pages of the harness: a free Miljoenenspel ticket on De Bladwijzer's host (once per player),
 * a whole ticket at a partner price with the code DAGBLAD (twice), and an offer that ended.
 */
export const TEST_AFFILIATE_OFFERS: readonly AffiliateOffer[] = [
  {
    pageId: "bladwijzer-welkom",
    partnerName: "De Bladwijzer",
    partnerHost: "bladwijzer.localhost",
    product: "MILLION_GAME",
    priceInCents: 0,
    maxPerPlayer: 1,
    startsAt: new Date("2026-01-01T00:00:00Z"),
    endsAt: new Date("2099-01-01T00:00:00Z"),
  },
  {
    pageId: "dagblad-lezers",
    partnerName: "Het Dagblad",
    partnerCode: "DAGBLAD",
    product: "WHOLE",
    priceInCents: 995,
    maxPerPlayer: 2,
    startsAt: new Date("2026-01-01T00:00:00Z"),
    endsAt: new Date("2099-01-01T00:00:00Z"),
  },
  {
    pageId: "dagblad-zomer",
    partnerName: "Het Dagblad",
    partnerCode: "DAGBLAD",
    product: "ONE_FIFTH",
    priceInCents: 0,
    maxPerPlayer: 1,
    startsAt: new Date("2026-06-01T00:00:00Z"),
    endsAt: new Date("2026-09-01T00:00:00Z"),
  },
];

/** The promotion page of the harness, as the seed content has it: the winter promotion. */
export const TEST_PROMOTION_PAGES: readonly PromotionPage[] = [
  {
    pageId: "winteractie",
    title: "Meld je aan voor de winteractie",
    optIns: ["nieuwsbrief", "partneraanbiedingen"],
    offerLabel: "Aanmelden en naar het proefabonnement",
    offerPath: "/abonnement",
  },
];

const DAY = 86_400_000;

/** The harness's games of chance (issue 19): one running, one over, one not begun. */
export const TEST_GAME_PAGES: readonly GamePage[] = [
  {
    pageId: "win-een-auto",
    title: "Win een auto met je lotnummer",
    prizeText: "een elektrische auto",
    numberOfPrizes: 1,
    startsAt: new Date(Date.now() - DAY),
    endsAt: new Date(Date.now() + 30 * DAY),
    maxParticipations: 3,
    rule: { ticketsFrom: "2000-01-01", ticketsUntil: "2099-12-31", productTypes: [] },
    entryMethods: ["online", "manual", "retail", "link", "subscribe"],
    optIns: ["nieuwsbrief", "actievoorwaarden"],
    requiredOptIns: ["actievoorwaarden"],
  },
  {
    pageId: "afgelopen-winactie",
    title: "Zomerwinactie",
    prizeText: "een ballonvaart",
    numberOfPrizes: 2,
    startsAt: new Date(Date.now() - 30 * DAY),
    endsAt: new Date(Date.now() - DAY),
    maxParticipations: 1,
    rule: { ticketsFrom: "2000-01-01", ticketsUntil: "2099-12-31", productTypes: [] },
    entryMethods: ["subscribe"],
    optIns: [],
    requiredOptIns: [],
  },
  {
    pageId: "nog-niet-begonnen",
    title: "Lentewinactie",
    prizeText: "een fiets",
    numberOfPrizes: 1,
    startsAt: new Date(Date.now() + DAY),
    endsAt: new Date(Date.now() + 30 * DAY),
    maxParticipations: 1,
    rule: { ticketsFrom: "2000-01-01", ticketsUntil: "2099-12-31", productTypes: [] },
    entryMethods: ["subscribe"],
    optIns: [],
    requiredOptIns: [],
  },
];

export const TEST_SUBSCRIPTION_OFFERS: readonly SubscriptionPageOffer[] = [
  {
    pageId: "abonnement",
    promotion: {
      id: "proef-drie-maanden",
      label: "Proefabonnement",
      draws: 3,
      discountPercent: 50,
      trial: true,
    },
  },
  {
    pageId: "abonnement-actie",
    sweepstake: {
      id: "test-ballonvaart",
      prizeText: "Een ballonvaart voor twee",
      numberOfPrizes: 10,
      oddsOneIn: 10,
      endsAt: new Date(Date.now() + 365 * 86_400_000),
    },
  },
];

export async function startApiHarness(options: ApiHarnessOptions = {}): Promise<ApiHarness> {
  const now = options.now ?? (() => new Date());
  const { logger, logs } = capturedLogger();
  const config = parseConfig({ NODE_ENV: "test", SESSION_SECRET: "harness-secret-harness-secret-harness-1" });
  const { database, drop } = await isolatedDatabase();
  await seedDatabase(database.db);
  const sessions = new SessionManager(database.db, { secure: false, secret: config.sessionSecret });

  const app = express();
  app.set("query parser", "simple");
  app.use(requestLog(logger));
  const payments = createPayments({ db: database.db, logger, now });
  app.use(payments.routes);
  const idin = createIdinSimulator({
    db: database.db,
    logger,
    secret: config.sessionSecret,
    trustedOrigins: [TRUSTED_FRONT_END],
    now,
  });
  app.use(idin.routes);
  app.use(openApiRouter(contract));
  const pageConfigs: { [T in PageConfigType]: readonly PageConfigs[T][] } = {
    subscriptionConfigurator: options.subscriptionOffers ?? TEST_SUBSCRIPTION_OFFERS,
    subscriptionUpsell: options.subscriptionUpsells ?? TEST_SUBSCRIPTION_UPSELLS,
    subscriptionCancellation: options.retentionOffers ?? TEST_RETENTION_OFFERS,
    giftTicket: TEST_GIFT_OFFERS,
    affiliateTicket: TEST_AFFILIATE_OFFERS,
    promotion: TEST_PROMOTION_PAGES,
    gameOfChance: TEST_GAME_PAGES,
  };
  const services: ApiServices = {
    config,
    db: database.db,
    sessions,
    rateLimiter: options.rateLimiter?.(database.db) ?? new DatabaseRateLimiter(database.db),
    recaptcha: new LocalRecaptcha(config.sessionSecret),
    payments: payments.provider,
    idin: idin.provider,
    pageContent: async (blockType, pageId) =>
      pageConfigs[blockType].find((config) => config.pageId === pageId),
    logger,
    now,
  };
  app.use(createApiRouter(implementations, services));
  app.all("/api/{*rest}", (_req, res) => sendProblem(res, problem(404)));

  const server = await listenLocally(app);
  return {
    url: server.url,
    database,
    sessions,
    logs,
    payments: payments.provider,
    inProcess: createInProcessClients(implementations, services),
    services,
    close: async () => {
      await server.close();
      await database.close();
      await drop();
    },
  };
}
