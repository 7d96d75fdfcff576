import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import {
  type ClaimedEmail,
  claimEmails,
  emailPreferenceOn,
  markDead,
  markSent,
  markSkipped,
  onEmailQueued,
  outboxDepth,
  retryLater,
} from "@/src/backend/db/outbox/outbox.server";
import { type EmailMessage, isMarketing, parseEmail } from "@/src/domain/emails/kinds";
import { type RenderContext, type RenderedEmail, renderEmail } from "./render.server";
import { classifyFailure, type MailTransport } from "./transport.server";
import { signUnsubscribeToken, unsubscribeUrl } from "./unsubscribe-token";

/**
 * The sender of the outbox (issue 42, decision 21). Every process that runs jobs has one; they share the
 * outbox safely: a batch is claimed with `FOR UPDATE SKIP LOCKED` and a lease, each e-mail is recorded as
 * sent the moment the server accepted it, before the next claim. Should a process die between the two,
 * the lease runs out and the e-mail goes again with the same Message-ID (the row id), which receivers use
 * to drop the copy. Temporary failures (4xx, the server unreachable) wait and try again, 1 minute, 2, 4 ...
 * at most an hour, and after `maxAttempts` the row is dead with its reason; a permanent refusal (5xx), an
 * unknown kind or a template that fails is dead at once and never holds up the others.
 */

export type EmailSenderOptions = {
  db: Db;
  logger: Logger;
  transport: MailTransport;
  /** The sender address (MAIL_FROM). */
  from: string;
  /** The shop's address (BASE_URL): links in e-mails and the Message-ID's domain. */
  shopUrl: string;
  /** Signs the unsubscribe links of marketing e-mails (the session secret). */
  secret: string;
  render?: (message: EmailMessage, context: RenderContext) => Promise<RenderedEmail>;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
  retryDelayMs?: (attempt: number) => number;
  /** How often an idle sender looks for due e-mails (one queued in this process wakes it sooner). */
  pollIntervalMs?: number;
};

export type EmailSender = {
  /** Sends until `stop`: every poll interval, and soon after this process queued an e-mail. */
  start(): void;
  /** Sends every e-mail due now, then answers what became of them (`npm run jobs -- --once`, tests). */
  drain(): Promise<DrainResult>;
  stop(): Promise<void>;
};

export type DrainResult = { sent: number; retried: number; dead: number; skipped: number };

export const DEFAULT_MAX_ATTEMPTS = 8;
/** The vertical whose e-mail preference the marketing kinds follow (the games of chance are Kroonloterij's). */
const MARKETING_VERTICAL = "kroonloterij";
const DEFAULT_BATCH = 20;
const DEFAULT_LEASE_MS = 2 * 60_000;
const DEFAULT_POLL_MS = 2_000;
/** After this process queued an e-mail: long enough for its transaction to commit. */
const WAKE_DELAY_MS = 100;
const DEPTH_LOG_MS = 60_000;

/** 1 minute, 2, 4 ... at most an hour. */
export function emailRetryDelayMs(attempt: number): number {
  return Math.min(60_000 * 2 ** (attempt - 1), 60 * 60_000);
}

type Outcome = keyof DrainResult;

/** What sending one claimed e-mail needs: the options with their defaults applied. */
type SendSettings = Required<
  Pick<EmailSenderOptions, "db" | "transport" | "from" | "secret" | "render" | "maxAttempts" | "retryDelayMs">
> & { logger: Logger; shopUrl: string; domain: string };

/** What is written and where its unsubscribe link goes; or why it is not sent. */
async function prepare(
  email: ClaimedEmail,
  settings: SendSettings,
  log: Logger,
): Promise<{ message: EmailMessage; unsubscribe?: string } | { outcome: Outcome }> {
  const { db } = settings;
  const message = parseEmail(email.kind, email.data);
  if (!message) {
    log.error("e-mail of an unknown kind or with unreadable data; marked dead");
    await markDead(db, email, `unknown kind or unreadable data (${email.kind})`);
    return { outcome: "dead" };
  }
  if (!isMarketing(message.kind)) return { message };
  if (!email.playerId) {
    log.error("marketing e-mail without a player cannot carry its unsubscribe link; marked dead");
    await markDead(db, email, "marketing e-mail without a player");
    return { outcome: "dead" };
  }
  // The preference is asked again as it goes: the player may have unsubscribed since it was queued.
  if (!(await emailPreferenceOn(db, email.playerId, MARKETING_VERTICAL))) {
    log.info("the player turned marketing e-mail off after it was queued; not sent");
    await markSkipped(db, email, "the player's e-mail preference is off");
    return { outcome: "skipped" };
  }
  const token = signUnsubscribeToken(settings.secret, {
    playerId: email.playerId,
    vertical: MARKETING_VERTICAL,
  });
  return { message, unsubscribe: unsubscribeUrl(settings.shopUrl, token) };
}

/** Renders and sends one claimed e-mail and records what became of it. */
async function sendOne(email: ClaimedEmail, settings: SendSettings): Promise<Outcome> {
  const { db } = settings;
  const log = settings.logger.child({ emailId: email.id, kind: email.kind, attempt: email.attempt });
  const prepared = await prepare(email, settings, log);
  if ("outcome" in prepared) return prepared.outcome;
  const { message, unsubscribe } = prepared;
  let rendered: RenderedEmail;
  try {
    rendered = await settings.render(message, { shopUrl: settings.shopUrl, unsubscribeUrl: unsubscribe });
  } catch (error) {
    log.error({ err: error }, "the e-mail's template failed; marked dead");
    await markDead(db, email, `template failed (${email.kind})`);
    return "dead";
  }
  try {
    const { providerMessageId } = await settings.transport.send({
      from: settings.from,
      to: email.recipient,
      ...rendered,
      messageId: `<${email.id}@${settings.domain}>`,
      headers: unsubscribe
        ? { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
        : {},
    });
    await markSent(db, email, providerMessageId);
    return "sent";
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.temporary && email.attempt < settings.maxAttempts) {
      log.warn({ reason: failure.reason }, "sending an e-mail failed; trying again later");
      await retryLater(db, email, failure.reason, settings.retryDelayMs(email.attempt));
      return "retried";
    }
    const why = failure.temporary
      ? `gave up after ${email.attempt} attempts: ${failure.reason}`
      : failure.reason;
    log.error({ reason: why }, "an e-mail could not be delivered; marked dead");
    await markDead(db, email, why);
    return "dead";
  }
}

/** What operations watch, once a minute while anything waits or is dead: counts and age, no addresses. */
async function logOutboxDepth(db: Db, logger: Logger) {
  try {
    const depth = await outboxDepth(db);
    if (depth.waiting > 0 || depth.dead > 0) logger.info({ outbox: depth }, "e-mail outbox");
  } catch (error) {
    logger.warn({ err: error }, "could not read the e-mail outbox's depth");
  }
}

function sendSettings(options: EmailSenderOptions, logger: Logger): SendSettings {
  const shopUrl = options.shopUrl.replace(/\/$/, "");
  return {
    db: options.db,
    transport: options.transport,
    from: options.from,
    secret: options.secret,
    render: options.render ?? renderEmail,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    retryDelayMs: options.retryDelayMs ?? emailRetryDelayMs,
    logger,
    shopUrl,
    domain: new URL(shopUrl).hostname,
  };
}

export function createEmailSender(options: EmailSenderOptions): EmailSender {
  const { db } = options;
  const logger = options.logger.child({ component: "email-sender" });
  const settings = sendSettings(options, logger);
  let stopped = false;
  let running: Promise<DrainResult> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let depthTimer: NodeJS.Timeout | undefined;
  let unlisten: (() => void) | undefined;

  const drainOnce = async (): Promise<DrainResult> => {
    const result: DrainResult = { sent: 0, retried: 0, dead: 0, skipped: 0 };
    while (!stopped) {
      const batch = await claimEmails(db, {
        limit: options.batchSize ?? DEFAULT_BATCH,
        leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
      });
      if (batch.length === 0) break;
      // The pool sends a batch over its connections at once; each row is recorded as its answer comes.
      const outcomes = await Promise.all(
        batch.map((email) =>
          sendOne(email, settings).catch((error: unknown) => {
            // The database failed while recording: the lease brings the row back later.
            logger.error({ err: error, emailId: email.id }, "could not record an e-mail's outcome");
            return "retried" as const;
          }),
        ),
      );
      for (const outcome of outcomes) result[outcome] += 1;
    }
    return result;
  };

  const drain = () => {
    running ??= drainOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void drain()
        .catch((error: unknown) => logger.warn({ err: error }, "sending e-mails failed; trying again soon"))
        .finally(() => schedule(options.pollIntervalMs ?? DEFAULT_POLL_MS));
    }, delayMs);
    timer.unref();
  };

  return {
    start() {
      if (timer || stopped) return;
      unlisten = onEmailQueued(() => schedule(WAKE_DELAY_MS));
      schedule(0);
      depthTimer = setInterval(() => void logOutboxDepth(db, logger), DEPTH_LOG_MS);
      depthTimer.unref();
    },
    drain,
    async stop() {
      stopped = true;
      unlisten?.();
      clearTimeout(timer);
      clearInterval(depthTimer);
      await running?.catch(() => undefined);
      options.transport.close();
    },
  };
}
