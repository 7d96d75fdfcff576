import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import type { Logger } from "pino";
import { SMTPServer } from "smtp-server";
import type { Db } from "@/src/backend/db/database.server";
import { mailboxMessages } from "@/src/backend/db/schema";

/**
 * The embedded default's mail server (issue 42): a real SMTP server in this process, on 127.0.0.1, that
 * receives what the shop sends when SMTP_URL is unset and keeps it for the mailbox simulator (`/postbus`).
 * The way there is production's: nodemailer speaks SMTP to it. It stores into the shop's database, so with
 * one process per core every process's `/postbus` shows every message.
 */

/** Larger messages are refused (552); the shop's e-mails are a few dozen kilobytes. */
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

export type Mailbox = {
  /** `smtp://127.0.0.1:<port>`: what the shop's transport sends to. */
  url: string;
  port: number;
  close(): Promise<void>;
};

/** `Key: value` header lines, unfolded, as pairs. */
function headerPairs(lines: readonly { key: string; line: string }[]): [string, string][] {
  return lines.map(({ line }) => {
    const colon = line.indexOf(":");
    const name = colon > 0 ? line.slice(0, colon) : line;
    const value = colon > 0 ? line.slice(colon + 1) : "";
    return [name.trim(), value.replace(/\r?\n[ \t]+/g, " ").trim()];
  });
}

export async function startMailbox(options: { db: Db; logger: Logger; port?: number }): Promise<Mailbox> {
  const logger = options.logger.child({ component: "mailbox" });
  const server = new SMTPServer({
    name: "postbus.localhost",
    banner: "Kroonloterij lokale postbus",
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    hideSTARTTLS: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (stream.sizeExceeded) {
            const error = Object.assign(new Error("message exceeds the maximum size"), { responseCode: 552 });
            return callback(error);
          }
          const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          const headers = headerPairs(parsed.headerLines);
          await options.db.insert(mailboxMessages).values(
            session.envelope.rcptTo.map((recipient) => ({
              recipient: recipient.address.toLowerCase(),
              sender,
              subject: parsed.subject ?? "",
              messageId: parsed.messageId ?? null,
              headers,
              html: typeof parsed.html === "string" ? parsed.html : null,
              text: parsed.text ?? null,
            })),
          );
          callback();
        })
        .catch((error: unknown) => {
          logger.warn({ err: error }, "the mailbox could not keep a message");
          callback(Object.assign(new Error("could not store the message"), { responseCode: 451 }));
        });
    },
  });
  server.on("error", (error) => logger.warn({ err: error }, "mailbox SMTP error"));
  const port = await new Promise<number>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
  logger.info({ port }, "local mailbox receiving e-mail (SMTP_URL unset)");
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
