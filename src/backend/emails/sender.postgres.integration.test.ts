import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/src/backend/db/database.server";
import { rowsOf } from "@/src/backend/db/rows";
import { capturedLogger } from "@/tests/support/captured-logs";
import { startLineProcess } from "@/tests/support/line-process";
import { scratchDatabase } from "@/tests/support/scratch-database";
import { startTestSmtp, type TestSmtp } from "@/tests/support/smtp-test-server";
import { EMAIL_SAMPLES } from "./samples";
import { createEmailSender, type DrainResult } from "./sender.server";
import { smtpTransport } from "./transport.server";

/**
 * Two processes send one outbox at once (issue 42: "two processes on PostgreSQL send 1,000 queued e-mails
 * exactly once each"). Needs a PostgreSQL server (TEST_DATABASE_URL): PGlite serves one process.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const COUNT = 1_000;

describe.skipIf(!serverUrl)("the e-mail sender on PostgreSQL, two processes at once", () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;
  let smtp: TestSmtp;
  const { logger } = capturedLogger();

  beforeAll(async () => {
    const scratch = await scratchDatabase(serverUrl as string, "kl_email_senders");
    url = scratch.url;
    drop = scratch.drop;
    database = await openDatabase({ databaseUrl: url, dataDir: "memory://", poolSize: 4 });
    smtp = await startTestSmtp();
    // 1,000 order confirmations, queued in one statement (as many checkouts would).
    await database.db.execute(sql`
      insert into outbox_emails (kind, recipient, data, player_id)
      select 'order-confirmation', 'speler' || n || '@speler.example', ${JSON.stringify(EMAIL_SAMPLES["order-confirmation"])}::jsonb, ${randomUUID()}::uuid
      from generate_series(1, ${COUNT}) as n`);
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
    await drop();
  });

  const otherProcess = () =>
    startLineProcess<DrainResult>("tests/support/email-sender-process.ts", [url, smtp.url]);

  it("delivers every e-mail exactly once: none twice, none missing", async () => {
    const other = await otherProcess();
    const ours = createEmailSender({
      db: database.db,
      logger,
      transport: smtpTransport(smtp.url),
      from: "Kroonloterij <service@kroonloterij.example>",
      shopUrl: "https://shop.example",
      secret: "een-geheim-van-minstens-32-tekens-lang!!",
    });
    const [theirs, mine] = await Promise.all([other.go(), ours.drain()]);
    await ours.stop();

    expect(theirs.sent + mine.sent).toBe(COUNT);
    // Both took part (the other process is not idle while this one sends everything).
    expect(theirs.sent).toBeGreaterThan(0);
    expect(mine.sent).toBeGreaterThan(0);
    const ids = smtp.received.map((mail) => mail.messageId);
    expect(ids).toHaveLength(COUNT);
    expect(new Set(ids).size).toBe(COUNT);
    const [states] = rowsOf(
      await database.db.execute(
        sql`select count(*) filter (where state = 'sent')::int as sent, count(*)::int as total from outbox_emails`,
      ),
    );
    expect(states).toEqual({ sent: COUNT, total: COUNT });
  });
});
