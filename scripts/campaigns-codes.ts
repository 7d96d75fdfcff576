// `npm run campaigns:codes -- --campaign kerstactie --count 1000 [--mailing kerstbrief-2026] [--out file.csv]`:
// creates personal action codes for a campaign (issue 18) and writes them as CSV for the mailing house.
// Beside a running `npm start` the shop creates them; otherwise this script on DATABASE_URL or the embedded
// database's folder (decision 22). Without --out it writes codes-{campaign}-{mailing}.csv; `--out -`
// prints it.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { codesCsv } from "@/src/backend/orders/action-codes.server";
import { runOperatorTask } from "@/src/server/operator/run-task.server";
import { campaignCodesTask, OperatorRefusal } from "@/src/server/operator/tasks.server";

const { values } = parseArgs({
  options: {
    campaign: { type: "string" },
    count: { type: "string" },
    mailing: { type: "string" },
    out: { type: "string" },
  },
});
const args = campaignCodesTask.input.safeParse({
  campaign: values.campaign,
  count: Number(values.count),
  mailing: values.mailing ?? `${values.campaign}-${new Date().toISOString().slice(0, 10)}`,
});
if (!args.success) {
  console.error(args.error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`).join("\n"));
  process.exit(2);
}
const { campaign, mailing } = args.data;
try {
  const { output, via } = await runOperatorTask(campaignCodesTask, args.data);
  const csv = codesCsv(output.codes);
  const out = values.out ?? `codes-${campaign}-${mailing}.csv`;
  if (out === "-") process.stdout.write(csv);
  else writeFileSync(out, csv);
  const written = out === "-" ? "" : `, written to ${out}`;
  console.error(`${output.codes.length} personal code(s) for ${campaign} (${mailing}) from ${via}${written}`);
} catch (error) {
  if (!(error instanceof OperatorRefusal)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
