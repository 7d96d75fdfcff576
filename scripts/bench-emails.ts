// `npm run bench` (a part of it): sending a full outbox (issue 42). 10,000 queued order confirmations on
// PostgreSQL (a server of this script's own, scripts/start-test-postgres.sh on EMAIL_PG_PORT, 54359) go
// over SMTP to a sink server on 127.0.0.1 that accepts and counts every message. Measured in one run:
// - baseline: bare nodemailer -> SMTP, the same pooled transport (5 connections) sending 10,000 messages of
//   the same size, already rendered, 20 at a time: the floor of the SMTP path;
// - rendering alone: React Email templates to HTML and text, per e-mail;
// - the sender (`createEmailSender`, src/backend/emails/sender.server.ts): claim, render, send, record, in
//   one process, and in two processes at once (as with WEB_CONCURRENCY=2), each e-mail sent exactly once.
// The figures go to docs/benchmarks.md between `<!-- emails:start -->` and `<!-- emails:end -->`.
// Options: --count N (e-mails, 10000), --no-write (do not touch docs/benchmarks.md).
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "@/src/backend/db/database.server";
import { rowsOf } from "@/src/backend/db/rows";
import { renderEmail } from "@/src/backend/emails/render.server";
import { EMAIL_SAMPLES } from "@/src/backend/emails/samples";
import { createEmailSender, type DrainResult } from "@/src/backend/emails/sender.server";
import { smtpTransport } from "@/src/backend/emails/transport.server";
import { createLogger } from "@/src/server/logger";
import { startLineProcess } from "../tests/support/line-process";
import { scratchDatabase } from "../tests/support/scratch-database";
import { startPostgres } from "./bench-peak-faults";
import { writeBenchSection } from "./bench-sections";

const { values: args } = parseArgs({
  options: { count: { type: "string", default: "10000" }, "no-write": { type: "boolean", default: false } },
});
const COUNT = Number(args.count);
const PG_PORT = Number(process.env.EMAIL_PG_PORT ?? 54359);
const PG_DATA = process.env.EMAIL_PG_DATA ?? "/tmp/kroonloterij-pg-emails";
const FROM = "Kroonloterij <service@kroonloterij.example>";
const SHOP = "https://shop.example";
const SECRET = "een-geheim-van-minstens-32-tekens-lang!!";
const MESSAGE = { kind: "order-confirmation", data: EMAIL_SAMPLES["order-confirmation"] } as const;

/** An SMTP server that reads every message to its end and counts its Message-IDs. */
async function startSink() {
  const ids: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    hideSTARTTLS: true,
    logger: false,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        ids.push(/^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? "");
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)),
  );
  return {
    url: `smtp://127.0.0.1:${port}`,
    ids,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);

async function baseline(url: string, count: number): Promise<number> {
  const rendered = await renderEmail(MESSAGE, { shopUrl: SHOP });
  const transport = smtpTransport(url);
  const started = performance.now();
  for (let sent = 0; sent < count; sent += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - sent) }, (_, index) =>
        transport.send({
          from: FROM,
          to: `speler${sent + index}@speler.example`,
          ...rendered,
          messageId: `<${randomUUID()}@shop.example>`,
          headers: {},
        }),
      ),
    );
  }
  const ms = performance.now() - started;
  transport.close();
  return ms;
}

async function emailBytes(): Promise<number> {
  const rendered = await renderEmail(MESSAGE, { shopUrl: SHOP });
  return rendered.html.length + rendered.text.length;
}

async function renderOnly(count: number): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < count; index += 1) await renderEmail(MESSAGE, { shopUrl: SHOP });
  return performance.now() - started;
}

async function fillOutbox(db: Awaited<ReturnType<typeof openDatabase>>["db"], count: number) {
  await db.execute(sql`truncate outbox_emails`);
  await db.execute(sql`
    insert into outbox_emails (kind, recipient, data, player_id)
    select 'order-confirmation', 'speler' || n || '@speler.example', ${JSON.stringify(MESSAGE.data)}::jsonb,
      ${randomUUID()}::uuid
    from generate_series(1, ${count}) as n`);
  await db.execute(sql`analyze outbox_emails`);
}

type Result = {
  date: string;
  cores: number;
  cpu: string;
  node: string;
  postgres: string;
  baselineMs: number;
  renderMs: number;
  renderCount: number;
  oneMs: number;
  oneSent: number;
  twoMs: number;
  twoSent: [number, number];
  duplicates: number;
  emailBytes: number;
};

async function main(): Promise<number> {
  const server = startPostgres(PG_PORT, PG_DATA);
  const scratch = await scratchDatabase(server.url, "kl_email_bench");
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 4 });
  const sink = await startSink();
  const logger = createLogger("warn");
  try {
    const db = database.db;
    const [version] = rowsOf(await db.execute(sql`show server_version`));
    const baselineMs = await baseline(sink.url, COUNT);
    const renderCount = Math.min(COUNT, 2_000);
    const renderMs = await renderOnly(renderCount);

    sink.ids.length = 0;
    await fillOutbox(db, COUNT);
    const sender = () =>
      createEmailSender({
        db,
        logger,
        transport: smtpTransport(sink.url),
        from: FROM,
        shopUrl: SHOP,
        secret: SECRET,
      });
    const one = sender();
    let started = performance.now();
    const oneResult = await one.drain();
    const oneMs = performance.now() - started;
    await one.stop();

    sink.ids.length = 0;
    await fillOutbox(db, COUNT);
    const other = await startLineProcess<DrainResult>("tests/support/email-sender-process.ts", [
      scratch.url,
      sink.url,
    ]);
    const mine = sender();
    started = performance.now();
    const [theirs, ours] = await Promise.all([other.go(), mine.drain()]);
    const twoMs = performance.now() - started;
    await mine.stop();
    const duplicates = sink.ids.length - new Set(sink.ids).size;

    const result: Result = {
      date: new Date().toISOString().slice(0, 10),
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model.trim() ?? "?",
      node: process.versions.node,
      postgres: `PostgreSQL ${String(version?.server_version ?? "?").split(" ")[0]}`,
      baselineMs,
      renderMs,
      renderCount,
      oneMs,
      oneSent: oneResult.sent,
      twoMs,
      twoSent: [ours.sent, theirs.sent],
      duplicates,
      emailBytes: await emailBytes(),
    };
    const text = section(result);
    console.log(text);
    if (!args["no-write"]) writeBenchSection("emails", text);
    const complete = oneResult.sent === COUNT && ours.sent + theirs.sent === COUNT && duplicates === 0;
    return complete ? 0 : 1;
  } finally {
    await sink.close();
    await database.close();
    await scratch.drop();
  }
}

function section(result: Result): string {
  const base = perSecond(COUNT, result.baselineMs);
  const one = perSecond(result.oneSent, result.oneMs);
  const two = perSecond(result.twoSent[0] + result.twoSent[1], result.twoMs);
  const renderEach = (result.renderMs / result.renderCount).toFixed(1);
  const ceiling = Math.round(1000 / (result.renderMs / result.renderCount + result.baselineMs / COUNT));
  return `<!-- emails:start -->
## Sending a full outbox (issue 42)

Measured by \`scripts/bench-emails.ts\` (a part of \`npm run bench\`) on ${result.date}: ${result.cores} cores
(${result.cpu}), Node ${result.node}, ${result.postgres} (a server of the script's own, fsync off), an SMTP
server on 127.0.0.1 (\`smtp-server\`) that reads every message and counts its Message-IDs. ${COUNT.toLocaleString("en")}
queued order confirmations (\`order-confirmation\`, about ${Math.round(result.emailBytes / 1024)} kB of HTML and text each). The
baseline is nodemailer alone: the same pooled SMTP transport (5 connections) sending ${COUNT.toLocaleString("en")} messages of
the same size, already rendered, 20 at a time: the floor of the SMTP path on this machine.

| run | seconds | e-mails/s | vs baseline |
|---|---|---|---|
| baseline: bare nodemailer -> SMTP | ${(result.baselineMs / 1000).toFixed(1)} | ${base.toLocaleString("en")} | 1.00 |
| sender, one process (claim, render, send, record) | ${(result.oneMs / 1000).toFixed(1)} | ${one.toLocaleString("en")} | ${(one / base).toFixed(2)} |
| sender, two processes at once (${result.twoSent[0].toLocaleString("en")} + ${result.twoSent[1].toLocaleString("en")}) | ${(result.twoMs / 1000).toFixed(1)} | ${two.toLocaleString("en")} | ${(two / base).toFixed(2)} |

- Where the time goes: rendering one e-mail (React Email: the HTML, then its text part) takes ${renderEach} ms on
  one core, and building and sending a message ${(result.baselineMs / COUNT).toFixed(1)} ms (the baseline), so one process can
  send at most about ${ceiling.toLocaleString("en")} e-mails/s; the sender reaches ${one.toLocaleString("en")}: claiming and recording (one \`UPDATE\` per
  e-mail) wait on the database while the next e-mails render. The baseline renders nothing, hence the ratio. A second process renders on the
  second core, sharing it with PostgreSQL and the SMTP server of this run. Every e-mail was delivered
  once: ${result.duplicates} duplicate Message-IDs at the server.
- 31 December: at these rates a backlog of 100,000 e-mails (every order of a peak hour with its
  confirmation) drains in about ${Math.round(100_000 / two / 60)} minutes with two processes.
<!-- emails:end -->`;
}

process.exitCode = await main();
