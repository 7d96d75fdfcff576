import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import { createEmailSender, type EmailSender } from "@/src/backend/emails/sender.server";
import type { MailTransport } from "@/src/backend/emails/transport.server";
import type { GamePage } from "@/src/domain/games-of-chance/game-page";
import type { DirectDebitProvider } from "@/src/domain/payments/direct-debit-provider";
import { composerJobHandlers } from "./composer-jobs.server";
import { gameJobHandlers, scheduleGameJobs } from "./game-jobs.server";
import { giftJobHandlers, scheduleGiftJobs } from "./gift-jobs.server";
import { scheduleSubscriptionJobs, subscriptionJobHandlers } from "./subscription-jobs.server";
import { scheduleWalletJobs, walletJobHandlers } from "./wallet-jobs.server";
import { createJobWorker, DEFAULT_POLL_INTERVAL_MS, type JobHandlers } from "./worker.server";

/**
 * The jobs of a process (decision 13): a worker and the scheduler's rounds. `npm start` runs them beside
 * the shop on the embedded API's database (every process when WEB_CONCURRENCY > 1; the queue's claims
 * make that safe); `npm run jobs` runs them alone.
 */

export type Jobs = {
  /** Starts the scheduler (a round after `startDelayMs`, then every minute) and the worker. */
  start(): void;
  /** A scheduler round, then every job due: what the simulator's button and `--once` do. */
  runNow(options?: { manual?: boolean }): Promise<number>;
  /** Stops the scheduler and the worker; a job still running is given back to the queue. */
  stop(): Promise<void>;
};

export const SCHEDULE_INTERVAL_MS = 60_000;

/** The address e-mails link to when none is given (BASE_URL's default). */
const DEFAULT_SHOP_URL = "http://localhost:3000";

type JobsOptions = {
  db: Db;
  logger: Logger;
  directDebit: DirectDebitProvider;
  /** The games of chance of the content source (issue 19), for their draw once over; none without it. */
  games?: () => Promise<readonly GamePage[]>;
  /** The shop's address (BASE_URL): e-mails' links are made absolute on it when they are sent. */
  shopUrl?: string;
  /**
   * Sending the e-mail outbox (issue 42): where e-mails go, their sender address and the secret of their
   * unsubscribe links. Without it e-mails stay in the outbox for another process.
   */
  mail?: { transport: MailTransport; from: string; secret: string };
  /** Publishes a page the composer scheduled (issue 44); without it such jobs wait for a process that has one. */
  publishPage?: (pageId: string, version: number) => Promise<void>;
  now?: () => Date;
  pollIntervalMs?: number;
  scheduleIntervalMs?: number;
  /**
   * How long `start` waits before its first round. On the embedded database (PGlite runs on the process's
   * own thread) catching up at start-up would hold up the first requests the process just began to take.
   */
  startDelayMs?: number;
};

/** Every slice's job handlers, by job name. */
function jobHandlers(options: JobsOptions, logger: Logger, now: () => Date): JobHandlers {
  const { db } = options;
  return {
    ...subscriptionJobHandlers({
      db,
      logger,
      directDebit: options.directDebit,
      now,
    }),
    ...walletJobHandlers({ db, logger, directDebit: options.directDebit, now }),
    ...giftJobHandlers({ db, logger, now }),
    // The personal links of the games' invitations are signed with the secret the e-mails' links have.
    ...gameJobHandlers({
      db,
      now,
      games: options.games ?? (async () => []),
      linkSecret: options.mail?.secret,
    }),
    ...(options.publishPage ? composerJobHandlers(options.publishPage) : {}),
  };
}

/** A scheduler round: every slice queues the jobs due at `at`. */
function scheduleAll(db: Db, at: Date, manual: boolean): Promise<unknown> {
  return Promise.all([
    scheduleSubscriptionJobs(db, at, { manual }),
    scheduleWalletJobs(db, at, { manual }),
    scheduleGiftJobs(db, at, { manual }),
    scheduleGameJobs(db, at, { manual }),
  ]);
}

export function createJobs(options: JobsOptions): Jobs {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const logger = options.logger.child({ component: "jobs" });
  const worker = createJobWorker({
    db,
    logger,
    handlers: jobHandlers(options, logger, now),
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
  });
  const sender: EmailSender | undefined = options.mail
    ? createEmailSender({
        db,
        logger: options.logger,
        ...options.mail,
        shopUrl: options.shopUrl ?? DEFAULT_SHOP_URL,
      })
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let stopped = false;

  const schedule = (manual = false) => {
    const at = now();
    round = scheduleAll(db, at, manual)
      .then(() => undefined)
      .catch((error: unknown) =>
        logger.warn({ err: error }, "scheduler round failed; trying again next round"),
      );
    return round;
  };

  return {
    start() {
      if (timer || stopped) return;
      timer = setTimeout(() => {
        if (stopped) return;
        void schedule().then(() => {
          if (!stopped) worker.start();
        });
        sender?.start();
        timer = setInterval(() => void schedule(), options.scheduleIntervalMs ?? SCHEDULE_INTERVAL_MS);
        timer.unref();
      }, options.startDelayMs ?? 0);
      timer.unref();
    },
    async runNow({ manual = true } = {}) {
      await schedule(manual);
      const ran = await worker.runDue();
      // What the jobs just queued (a failed collection's e-mail) goes out too.
      await sender?.drain();
      return ran;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
      await worker.stop();
      await sender?.stop();
    },
  };
}
