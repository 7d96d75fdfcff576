// `npm run campaigns:codes -- --campaign kerstactie --count 1000 [--mailing kerstbrief-2026] [--out file.csv]`:
// creates personal action codes for a campaign (issue 18) and writes them as CSV for the mailing house.
// Reads DATABASE_URL, or the embedded database's directory (PGLITE_DATA_DIR; not while `npm start` has it
// open: PGlite serves one process). Without --out it writes codes-{campaign}-{mailing}.csv; `--out -`
// prints it.
import { randomInt } from "node:crypto";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import { openDatabase } from "@/src/backend/db/database.server";
import { codesCsv, createPersonalCodes, MAX_CODES_PER_RUN } from "@/src/backend/orders/action-codes.server";
import { parseConfig } from "@/src/config/env.server";

const ArgsSchema = z.object({
  campaign: z.string().regex(/^[a-z0-9-]{1,80}$/, "expected --campaign <campaign id>, e.g. kerstactie"),
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_CODES_PER_RUN, `expected --count between 1 and ${MAX_CODES_PER_RUN}`),
  mailing: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, "expected --mailing <name>, e.g. kerstbrief-2026")
    .optional(),
  out: z.string().optional(),
});

const { values } = parseArgs({
  options: {
    campaign: { type: "string" },
    count: { type: "string" },
    mailing: { type: "string" },
    out: { type: "string" },
  },
});
const args = ArgsSchema.safeParse(values);
if (!args.success) {
  console.error(args.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
  process.exit(2);
}
const { campaign, count } = args.data;
const mailing = args.data.mailing ?? `${campaign}-${new Date().toISOString().slice(0, 10)}`;
const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDataDir });
try {
  const codes = await createPersonalCodes(database.db, { campaignId: campaign, count, mailing }, randomInt);
  if (!codes) {
    console.error(`No campaign ${campaign}`);
    process.exitCode = 1;
  } else {
    const csv = codesCsv(codes);
    const out = args.data.out ?? `codes-${campaign}-${mailing}.csv`;
    if (out === "-") process.stdout.write(csv);
    else {
      writeFileSync(out, csv);
      console.log(`${codes.length} personal code(s) for ${campaign} (${mailing}) written to ${out}`);
    }
  }
} finally {
  await database.close();
}
