// A second process that issues a draw, for the issuance's PostgreSQL test (two processes at once):
//   node --import tsx tests/support/issue-draw-process.ts <databaseUrl> <drawId> <batchSize>
// Prints `ready` once its database is open, waits for a line on standard input, issues, prints the outcome.
import { createInterface } from "node:readline";
import { openDatabase } from "@/src/backend/db/database.server";
import { issueDraw } from "@/src/backend/slices/subscriptions/issuance.server";
import { createLogger } from "@/src/server/logger";

const [databaseUrl, drawId, batchSize] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl, dataDir: "memory://", poolSize: 2 });
const logger = createLogger("error");
const lines = createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => lines.once("line", () => resolve()));
process.stdout.write("ready\n");
await go;
const outcome = await issueDraw({ db: database.db, logger, now: () => new Date() }, Number(drawId), {
  batchSize: Number(batchSize),
});
process.stdout.write(`${JSON.stringify(outcome)}\n`);
lines.close();
await database.close();
