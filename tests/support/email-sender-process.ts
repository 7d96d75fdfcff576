// A second process that sends the e-mail outbox, for the sender's PostgreSQL test (two processes at once):
//   node --import tsx tests/support/email-sender-process.ts <databaseUrl> <smtpUrl>
// Prints `ready` once its database is open, waits for a line on standard input, drains, prints the outcome.
import { createInterface } from "node:readline";
import { openDatabase } from "@/src/backend/db/database.server";
import { createEmailSender } from "@/src/backend/emails/sender.server";
import { smtpTransport } from "@/src/backend/emails/transport.server";
import { createLogger } from "@/src/server/logger";

const [databaseUrl, smtpUrl] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl, dataDir: "memory://", poolSize: 4 });
const sender = createEmailSender({
  db: database.db,
  logger: createLogger("error"),
  transport: smtpTransport(smtpUrl as string),
  from: "Kroonloterij <service@kroonloterij.example>",
  shopUrl: "https://shop.example",
  secret: "een-geheim-van-minstens-32-tekens-lang!!",
});
const lines = createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => lines.once("line", () => resolve()));
process.stdout.write("ready\n");
await go;
const outcome = await sender.drain();
process.stdout.write(`${JSON.stringify(outcome)}\n`);
lines.close();
await sender.stop();
await database.close();
