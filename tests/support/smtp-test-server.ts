import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 for the sender's tests: it keeps every message it accepted, parsed, and
 * answers each `RCPT TO` as `refuse` says (a temporary 421, a permanent 550), counting the attempts.
 */
export type TestSmtp = {
  url: string;
  received: ParsedMail[];
  /** Every `RCPT TO` seen, accepted or not, in order. */
  attempts: string[];
  close(): Promise<void>;
};

export type Refusal = { code: number; message: string } | undefined;

export async function startTestSmtp(
  refuse: (recipient: string, attempt: number) => Refusal = () => undefined,
): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const attempts: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    hideSTARTTLS: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      attempts.push(address.address);
      const refusal = refuse(address.address, attempts.filter((seen) => seen === address.address).length);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push(parsed);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)),
  );
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
