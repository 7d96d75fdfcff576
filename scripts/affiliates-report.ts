// `npm run affiliates:report -- --month 2026-12 [--out file.csv]`: the partner report of a month (issue 17):
// per partner and page the paid orders, tickets and amount, as CSV for the partner settlement. Beside a
// running `npm start` the shop reads it; otherwise this script on DATABASE_URL or the embedded database's
// folder (decision 22). Without --out it writes affiliates-YYYY-MM.csv in the current directory; `--out -`
// prints it.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { reportCsv } from "@/src/backend/slices/affiliate-tickets/affiliate-report.server";
import { runOperatorTask } from "@/src/server/operator/run-task.server";
import { affiliateReportTask } from "@/src/server/operator/tasks.server";

const { values } = parseArgs({ options: { month: { type: "string" }, out: { type: "string" } } });
const args = affiliateReportTask.input.safeParse({ month: values.month });
if (!args.success) {
  console.error(args.error.issues[0]?.message ?? "expected --month YYYY-MM");
  process.exit(2);
}
const { month } = args.data;
const { output, via } = await runOperatorTask(affiliateReportTask, args.data);
const csv = reportCsv(month, output.rows);
const out = values.out ?? `affiliates-${month}.csv`;
if (out === "-") process.stdout.write(csv);
else writeFileSync(out, csv);
console.error(
  `${output.rows.length} partner row(s) for ${month} from ${via}${out === "-" ? "" : `, written to ${out}`}`,
);
