import nodemailer from "nodemailer";

/**
 * The SMTP connection e-mails leave by (issue 42, decision 21): nodemailer's pooled SMTP transport on
 * SMTP_URL (the operator's mail provider) or on the embedded mailbox's local server. A pool keeps a few
 * connections open and sends many messages on each, as a full outbox on 31 December needs.
 */

export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Reply-To, for the kinds that name one (a question to customer service: its sender). */
  replyTo?: string;
  /** `<row-id@domain>`: the same for every attempt, so a receiver can drop a second copy. */
  messageId: string;
  headers: Record<string, string>;
};

export type MailTransport = {
  send(email: OutgoingEmail): Promise<{ providerMessageId: string }>;
  close(): void;
};

const MAX_CONNECTIONS = 5;

/** The pooled transport on an `smtp://` or `smtps://` URL (user and password in it, percent-encoded). */
export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: MAX_CONNECTIONS,
    maxMessages: 1_000,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(email) {
      const info = await transport.sendMail({
        from: email.from,
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        messageId: email.messageId,
        headers: email.headers,
      });
      return { providerMessageId: String(info.response ?? info.messageId).slice(0, 500) };
    },
    close: () => transport.close(),
  };
}

/** What an SMTP failure means for the e-mail: try again later, or never. */
export type Failure = { temporary: boolean; reason: string };

/** Network failures that a later attempt may not meet (the server down, a timeout, a dropped connection). */
const TEMPORARY_CODES = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
]);

/**
 * Reads a send error: 4xx SMTP replies and network failures are temporary, 5xx replies permanent, and any
 * other error (a message nodemailer cannot build) permanent. The reason keeps the reply code and text
 * without e-mail addresses (a refusal often quotes the recipient; rows and logs never hold addresses).
 */
export function classifyFailure(error: unknown): Failure {
  const details = (error ?? {}) as {
    responseCode?: unknown;
    code?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const responseCode = typeof details.responseCode === "number" ? details.responseCode : undefined;
  const code = typeof details.code === "string" ? details.code : undefined;
  const text = String(details.response ?? details.message ?? error);
  const reason = withoutAddresses([responseCode, code, text].filter(Boolean).join(" ")).slice(0, 300);
  if (responseCode !== undefined) return { temporary: responseCode >= 400 && responseCode < 500, reason };
  return { temporary: code !== undefined && TEMPORARY_CODES.has(code), reason };
}

export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "<adres>");
}
