// `npm run games:links -- --page win-een-auto [--out file.csv]`: the personal links of a game of chance's
// mailing (issue 19): for every player with online or subscription tickets that count and have not
// entered, a signed link (valid 30 days) that enters them with one click, as CSV (`email;voornaam;link`)
// for the mailing house. Beside a running `npm start` the shop makes them (its BASE_URL, its secret);
// otherwise this script on the database, signing with SESSION_SECRET or the embedded database's secret
// (decision 22).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { linksCsv } from "@/src/backend/slices/games-of-chance/games.server";
import { runOperatorTask } from "@/src/server/operator/run-task.server";
import { gameLinksTask, OperatorRefusal } from "@/src/server/operator/tasks.server";

const { values } = parseArgs({ options: { page: { type: "string" }, out: { type: "string" } } });
const args = gameLinksTask.input.safeParse({ page: values.page });
if (!args.success) {
  console.error("expected --page <page id>, e.g. --page win-een-auto");
  process.exit(2);
}
try {
  const { output, via } = await runOperatorTask(gameLinksTask, args.data);
  const csv = linksCsv(output.links);
  const out = values.out ?? `links-${output.pageId}.csv`;
  if (out === "-") process.stdout.write(csv);
  else writeFileSync(out, csv);
  console.error(
    `${output.links.length} personal link(s) for ${output.pageId} from ${via}${out === "-" ? "" : `, written to ${out}`}`,
  );
} catch (error) {
  if (!(error instanceof OperatorRefusal)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
