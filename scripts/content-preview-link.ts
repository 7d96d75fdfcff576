// `npm run content:preview-link -- /pad-van-de-pagina`: a signed link (valid a week) that opens the page
// with its drafts and the Voorbeeldweergave banner (DESIGN section 4). Beside a running `npm start` the shop
// signs it with its BASE_URL and secret; otherwise this script, with SESSION_SECRET or the embedded
// database's secret and BASE_URL (decision 22).
import { parseArgs } from "node:util";
import { runOperatorTask } from "@/src/server/operator/run-task.server";
import { OperatorRefusal, previewLinkTask } from "@/src/server/operator/tasks.server";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { path: { type: "string" } },
});
const args = previewLinkTask.input.safeParse({ path: values.path ?? positionals[0] });
if (!args.success) {
  console.error("expected the page's path, e.g. npm run content:preview-link -- /nieuw-concept");
  process.exit(2);
}
try {
  const { output, via } = await runOperatorTask(previewLinkTask, args.data);
  process.stdout.write(`${output.link}\n`);
  console.error(`preview link for ${args.data.path}, valid until ${output.expires}, signed by ${via}`);
} catch (error) {
  if (!(error instanceof OperatorRefusal)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
