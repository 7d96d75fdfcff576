import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import { smtpTransport } from "@/src/backend/emails/transport.server";
import { createMailboxRoutes } from "@/src/backend/simulators/mailbox/routes.server";
import { startMailbox } from "@/src/backend/simulators/mailbox/smtp-server.server";
import type { Config } from "@/src/config/env.server";

/**
 * Where e-mails go (issue 42): SMTP_URL, or the local mailbox's SMTP server in this process, whose pages
 * (`/postbus`) join the simulators.
 */
export async function openMail(config: Config, db: Db, logger: Logger) {
  const { from } = config.mail;
  const sending = (smtpUrl: string) => ({
    transport: smtpTransport(smtpUrl),
    from,
    secret: config.sessionSecret,
  });
  if (config.mail.smtpUrl) return { sending: sending(config.mail.smtpUrl), mailbox: undefined, routes: [] };
  const mailbox = await startMailbox({ db, logger });
  const routes = [createMailboxRoutes({ db, shopUrl: config.baseUrl, from })];
  return { sending: sending(mailbox.url), mailbox, routes };
}
