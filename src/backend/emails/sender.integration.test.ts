import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/src/backend/db/database.server";
import { outboxDepth, queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { rowsOf } from "@/src/backend/db/rows";
import { communicationPreferences, outboxEmails } from "@/src/backend/db/schema";
import { EMAIL_KIND_NAMES, type EmailMessage, isMarketing } from "@/src/domain/emails/kinds";
import { capturedLogger } from "@/tests/support/captured-logs";
import { scratchDatabase } from "@/tests/support/scratch-database";
import { type Refusal, startTestSmtp, type TestSmtp } from "@/tests/support/smtp-test-server";
import { createPlayer } from "@/tests/support/subscription-fixtures";
import { EMAIL_SAMPLES } from "./samples";
import { createEmailSender, type EmailSenderOptions, emailRetryDelayMs } from "./sender.server";
import { smtpTransport } from "./transport.server";
import { readUnsubscribeToken } from "./unsubscribe-token";

/**
 * The outbox's sender (issue 42, decision 21) against a real SMTP server on 127.0.0.1, on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const SECRET = "een-geheim-van-minstens-32-tekens-lang!!";
const SHOP = "https://shop.example";
let database: Database;
let drop: () => Promise<void> = async () => undefined;
const { logger, logs } = capturedLogger();
const open: { stop(): Promise<void> }[] = [];
const servers: TestSmtp[] = [];

beforeAll(async () => {
  if (!serverUrl) {
    database = await openDatabase({ dataDir: "memory://" });
    return;
  }
  const scratch = await scratchDatabase(serverUrl, "kl_emails");
  drop = scratch.drop;
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 4 });
});
afterEach(async () => {
  for (const sender of open.splice(0)) await sender.stop();
  for (const server of servers.splice(0)) await server.close();
  await database.db.delete(outboxEmails);
});
afterAll(async () => {
  await database.close();
  await drop();
});

async function smtp(refuse?: (recipient: string, attempt: number) => Refusal) {
  const server = await startTestSmtp(refuse);
  servers.push(server);
  return server;
}

function sender(smtpUrl: string, overrides: Partial<EmailSenderOptions> = {}) {
  const created = createEmailSender({
    db: database.db,
    logger,
    transport: smtpTransport(smtpUrl),
    from: "Kroonloterij <service@kroonloterij.example>",
    shopUrl: SHOP,
    secret: SECRET,
    retryDelayMs: () => 0,
    ...overrides,
  });
  open.push(created);
  return created;
}

const sample = (kind: (typeof EMAIL_KIND_NAMES)[number]) =>
  ({ kind, data: EMAIL_SAMPLES[kind] }) as EmailMessage;

/** A player whose Kroonloterij e-mail preference is on (or off), as a marketing e-mail needs. */
async function playerWithEmail(enabled = true): Promise<string> {
  const playerId = await createPlayer(database.db);
  await database.db
    .insert(communicationPreferences)
    .values({ playerId, vertical: "kroonloterij", channel: "email", enabled, changedAt: new Date() });
  return playerId;
}

async function queue(message: EmailMessage, recipient: string, player?: string | null) {
  const playerId =
    player !== undefined ? player : isMarketing(message.kind) ? await playerWithEmail() : randomUUID();
  await queueEmail(database.db, { ...message, recipient, playerId } as Parameters<typeof queueEmail>[1]);
  const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, recipient));
  return row!;
}

/** A header as the message carried it (mailparser reads the List-* headers into one structure). */
function headerOf(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name)?.line;
  return line
    ?.slice(line.indexOf(":") + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
}

const rowOf = async (id: string) =>
  (await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0]!;

describe("the e-mail sender", () => {
  it("delivers every kind once, with an HTML and a text part, and records it as sent", async () => {
    const server = await smtp();
    const rows = [];
    for (const kind of EMAIL_KIND_NAMES) rows.push(await queue(sample(kind), `${kind}@speler.example`));

    expect(await sender(server.url).drain()).toEqual({
      sent: EMAIL_KIND_NAMES.length,
      retried: 0,
      dead: 0,
      skipped: 0,
    });
    expect(server.received).toHaveLength(EMAIL_KIND_NAMES.length);
    for (const row of rows) {
      const mails = server.received.filter((mail) => mail.messageId === `<${row.id}@shop.example>`);
      expect(mails, row.kind).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.html, row.kind).toContain('lang="nl"');
      expect(mail!.text, row.kind).toMatch(/Speel bewust 18\+/);
      expect(mail!.subject, row.kind).toBeTruthy();
      expect(mail!.from?.text).toBe('"Kroonloterij" <service@kroonloterij.example>');
      // Marketing e-mails carry the one-click unsubscribe (RFC 8058); transactional ones do not.
      expect(headerOf(mail!, "list-unsubscribe-post"), row.kind).toBe(
        isMarketing(row.kind as never) ? "List-Unsubscribe=One-Click" : undefined,
      );
      expect(Boolean(headerOf(mail!, "list-unsubscribe")), row.kind).toBe(isMarketing(row.kind as never));
      const stored = await rowOf(row.id);
      expect(stored).toMatchObject({ state: "sent", attempts: 1, lastError: null });
      expect(stored.sentAt).toBeInstanceOf(Date);
      expect(stored.providerMessageId).toMatch(/^250/);
    }
    // Nothing is sent twice.
    expect(await sender(server.url).drain()).toEqual({ sent: 0, retried: 0, dead: 0, skipped: 0 });
    expect(server.received).toHaveLength(EMAIL_KIND_NAMES.length);
  });

  it("puts a signed unsubscribe link for the player in a marketing e-mail", async () => {
    const server = await smtp();
    const playerId = await playerWithEmail();
    await queue(sample("game-invitation"), "lezer@speler.example", playerId);
    await sender(server.url).drain();
    const header = headerOf(server.received[0]!, "list-unsubscribe") ?? "";
    const url = new URL(header.replace(/^<|>$/g, ""));
    expect(`${url.origin}${url.pathname}`).toBe(`${SHOP}/afmelden`);
    expect(readUnsubscribeToken(SECRET, url.searchParams.get("token") ?? "")).toEqual({
      playerId,
      vertical: "kroonloterij",
    });
    expect(server.received[0]?.html).toContain(url.toString().replaceAll("&", "&amp;"));
  });

  it("does not send a marketing e-mail whose player turned e-mail off after it was queued", async () => {
    const server = await smtp();
    const playerId = await playerWithEmail();
    const row = await queue(sample("game-invitation"), "afgemeld@speler.example", playerId);
    await database.db
      .update(communicationPreferences)
      .set({ enabled: false })
      .where(eq(communicationPreferences.playerId, playerId));
    expect(await sender(server.url).drain()).toEqual({ sent: 0, retried: 0, dead: 0, skipped: 1 });
    expect(server.received).toHaveLength(0);
    expect(await rowOf(row.id)).toMatchObject({ state: "skipped" });
  });

  it("tries again after a temporary refusal (421), and sends once the server takes it (250)", async () => {
    const server = await smtp((_recipient, attempt) =>
      attempt === 1 ? { code: 421, message: "Try again later" } : undefined,
    );
    const row = await queue(sample("gift-ticket"), "ontvanger@speler.example");
    expect(await sender(server.url).drain()).toEqual({ sent: 1, retried: 1, dead: 0, skipped: 0 });
    expect(server.attempts).toEqual(["ontvanger@speler.example", "ontvanger@speler.example"]);
    expect(server.received).toHaveLength(1);
    expect(await rowOf(row.id)).toMatchObject({ state: "sent", attempts: 2, lastError: null });
  });

  it("waits before the next attempt: a minute, then longer, at most an hour", async () => {
    expect([1, 2, 3, 7, 8].map(emailRetryDelayMs)).toEqual([60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
    const server = await smtp(() => ({ code: 451, message: "Local problem" }));
    const row = await queue(sample("prize"), "wacht@speler.example");
    expect(await sender(server.url, { retryDelayMs: emailRetryDelayMs }).drain()).toEqual({
      sent: 0,
      retried: 1,
      dead: 0,
      skipped: 0,
    });
    const stored = await rowOf(row.id);
    expect(stored).toMatchObject({ state: "queued", attempts: 1 });
    expect(stored.lastError).toContain("451");
    const [later] = rowsOf(
      await database.db.execute(
        sql`select next_attempt_at > now() + interval '50 seconds' as later from outbox_emails where id = ${row.id}`,
      ),
    );
    expect(later?.later).toBe(true);
    // Not due yet: the next round leaves it.
    expect(await sender(server.url).drain()).toEqual({ sent: 0, retried: 0, dead: 0, skipped: 0 });
  });

  it("gives up after the last attempt, keeping the reason", async () => {
    const server = await smtp(() => ({ code: 421, message: "Too busy" }));
    const row = await queue(sample("deposit"), "druk@speler.example");
    expect(await sender(server.url, { maxAttempts: 3 }).drain()).toEqual({
      sent: 0,
      retried: 2,
      dead: 1,
      skipped: 0,
    });
    const stored = await rowOf(row.id);
    expect(stored).toMatchObject({ state: "dead", attempts: 3 });
    expect(stored.lastError).toMatch(/gave up after 3 attempts: 421/);
  });

  it("marks a permanently refused address (550) dead at once, without the address, and sends the others", async () => {
    const server = await smtp((recipient) =>
      recipient.startsWith("bestaat-niet")
        ? { code: 550, message: `No such user <${recipient}>` }
        : undefined,
    );
    const refused = await queue(sample("order-confirmation"), "bestaat-niet@speler.example");
    const fine = await queue(sample("order-confirmation"), "wel@speler.example");
    expect(await sender(server.url).drain()).toEqual({ sent: 1, retried: 0, dead: 1, skipped: 0 });
    const dead = await rowOf(refused.id);
    expect(dead).toMatchObject({ state: "dead", attempts: 1 });
    expect(dead.lastError).toContain("550");
    expect(dead.lastError).not.toContain("bestaat-niet@");
    expect(await rowOf(fine.id)).toMatchObject({ state: "sent" });
    expect(JSON.stringify(logs)).not.toContain("bestaat-niet@");
    // What operations watch: nothing waiting, one dead.
    expect(await outboxDepth(database.db)).toEqual({ waiting: 0, oldestWaitingSeconds: 0, dead: 1 });
  });

  it("tries again while the server cannot be reached", async () => {
    const server = await smtp();
    const url = server.url;
    await server.close();
    servers.splice(0);
    const row = await queue(sample("withdrawal"), "later@speler.example");
    expect(await sender(url, { maxAttempts: 2 }).drain()).toEqual({
      sent: 0,
      retried: 1,
      dead: 1,
      skipped: 0,
    });
    expect((await rowOf(row.id)).lastError).toMatch(/ECONNECTION|ECONNREFUSED/);
  });

  it("marks a row of an unknown kind or with unreadable data dead, logging the kind, and sends the rest", async () => {
    const server = await smtp();
    const [unknown] = await database.db
      .insert(outboxEmails)
      .values({ kind: "brief-per-duif", recipient: "duif@speler.example", data: {} })
      .returning();
    const [unreadable] = await database.db
      .insert(outboxEmails)
      .values({ kind: "prize", recipient: "kapot@speler.example", data: { firstName: 3 } })
      .returning();
    await queue(sample("prize"), "goed@speler.example");
    expect(await sender(server.url).drain()).toEqual({ sent: 1, retried: 0, dead: 2, skipped: 0 });
    expect(await rowOf(unknown!.id)).toMatchObject({ state: "dead" });
    expect((await rowOf(unknown!.id)).lastError).toContain("brief-per-duif");
    expect(await rowOf(unreadable!.id)).toMatchObject({ state: "dead" });
    expect(logs.some((line) => line.kind === "brief-per-duif" && line.level === 50)).toBe(true);
    expect(server.received.map((mail) => mail.subject)).toHaveLength(1);
  });

  it("never rolls back what an e-mail confirms: data that does not fit is kept as a dead row with the reason", async () => {
    const server = await smtp();
    const queued = await database.db.transaction((tx) =>
      queueEmail(tx, {
        kind: "order-confirmation",
        data: { ...EMAIL_SAMPLES["order-confirmation"], draws: [] },
        recipient: "geen-loten@speler.example",
        key: "bad-data",
      }),
    );
    expect(queued).toBe(true);
    const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.key, "bad-data"));
    expect(row).toMatchObject({ state: "dead", attempts: 0 });
    expect(row?.lastError).toContain("order-confirmation");
    expect(row?.lastError).toContain("draws");
    expect(await sender(server.url).drain()).toEqual({ sent: 0, retried: 0, dead: 0, skipped: 0 });
    expect(await outboxDepth(database.db)).toMatchObject({ dead: 1 });
  });

  it("shows a player's name as text, never as markup", async () => {
    const server = await smtp();
    const message = {
      kind: "deposit",
      data: { ...EMAIL_SAMPLES.deposit, firstName: "<script>alert(1)</script>" },
    } as EmailMessage;
    await queue(message, "script@speler.example");
    await sender(server.url).drain();
    expect(server.received[0]?.html).not.toContain("<script");
    expect(server.received[0]?.html).toContain("&lt;script&gt;");
    expect(server.received[0]?.text).toContain("<script>alert(1)</script>");
  });

  it("sends a row whose sender died after claiming it again, with the same Message-ID", async () => {
    const server = await smtp();
    const row = await queue(sample("collection-failed"), "crash@speler.example");
    // A sender that claimed the row and died: its lease ran out.
    await database.db.execute(
      sql`update outbox_emails set state = 'sending', attempts = 1, locked_until = now() - interval '1 second' where id = ${row.id}`,
    );
    expect(await sender(server.url).drain()).toEqual({ sent: 1, retried: 0, dead: 0, skipped: 0 });
    expect(server.received[0]?.messageId).toBe(`<${row.id}@shop.example>`);
    expect(await rowOf(row.id)).toMatchObject({ state: "sent", attempts: 2 });
  });
});
