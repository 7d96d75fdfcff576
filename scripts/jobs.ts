// `npm run jobs`: runs the subscription jobs on their own (decision 13): the scheduler's rounds and a
// worker of the job queue, against DATABASE_URL, or the embedded database's directory (PGLITE_DATA_DIR)
// when no database is shared (then not while `npm start` has it open: PGlite serves one process). Beside
// `npm start` with JOBS=off, or as extra workers: every process may run them at once.
// `--once`: one scheduler round, every job that is due, then exit (cron, tests, a quick look).
import { parseArgs } from "node:util";
import { openDatabase } from "@/src/backend/db/database.server";
import { createJobs } from "@/src/backend/jobs/runtime.server";
import { createDirectDebit } from "@/src/backend/simulators/direct-debit/direct-debit.server";
import { parseConfig } from "@/src/config/env.server";
import { createLogger } from "@/src/server/logger";
import { openMail } from "@/src/server/mail.server";
import { withShopSecret } from "@/src/server/operator/shop-files.server";
import { allGamePages } from "@/src/shop/cms/game-pages";
import { createContentSource } from "@/src/shop/cms/source/create-source.server";

const { values: args } = parseArgs({ options: { once: { type: "boolean", default: false } } });
// The shop's secret (SESSION_SECRET, or the embedded database's; decision 22): the e-mails' links open there.
const { config } = withShopSecret(parseConfig());
const logger = createLogger(config.logLevel);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.pgliteDataDir,
  logger,
});
const { provider } = createDirectDebit({ db: database.db, logger });
const content = createContentSource(config.content);
// E-mails go to SMTP_URL, or to a local mailbox of this process that keeps them in the database for the
// shop's `/postbus` (issue 42).
const mail = await openMail(config, database.db, logger);
const jobs = createJobs({
  db: database.db,
  logger,
  directDebit: provider,
  shopUrl: config.baseUrl,
  mail: mail.sending,
  games: () => allGamePages(content, logger),
});

if (args.once) {
  const ran = await jobs.runNow({ manual: false });
  logger.info({ jobs: ran, database: database.kind }, "due jobs run");
  await jobs.stop();
  await mail.mailbox?.close();
  await database.close();
} else {
  jobs.start();
  logger.info({ database: database.kind }, "running the subscription jobs; stop with Ctrl-C");
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void jobs
        .stop()
        .then(() => mail.mailbox?.close())
        .then(() => database.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
}
