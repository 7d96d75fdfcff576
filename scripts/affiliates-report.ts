// `npm run affiliates:report -- --month 2026-12 [--out file.csv]`: the partner report of a month (issue 17):
// per partner and page the paid orders, tickets and amount, as CSV for the partner settlement. Reads
// DATABASE_URL, or the embedded database's directory (PGLITE_DATA_DIR; not while `npm start` has it open:
// PGlite serves one process). Without --out it writes affiliates-YYYY-MM.csv in the current directory;
// `--out -` prints it.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "@/src/backend/db/database.server";
import {
  affiliateReport,
  ReportMonthSchema,
  reportCsv,
} from "@/src/backend/slices/affiliate-tickets/affiliate-report.server";
import { parseConfig } from "@/src/config/env.server";

const { values } = parseArgs({ options: { month: { type: "string" }, out: { type: "string" } } });
const month = ReportMonthSchema.safeParse(values.month);
if (!month.success) {
  console.error(month.error.issues[0]?.message ?? "expected --month YYYY-MM");
  process.exit(2);
}
const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDataDir });
try {
  const rows = await affiliateReport(database.db, month.data);
  const csv = reportCsv(month.data, rows);
  const out = values.out ?? `affiliates-${month.data}.csv`;
  if (out === "-") process.stdout.write(csv);
  else {
    writeFileSync(out, csv);
    console.log(`${rows.length} partner row(s) for ${month.data} written to ${out}`);
  }
} finally {
  await database.close();
}
