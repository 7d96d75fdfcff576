// `npm run telemetry:report -- [--file shop.log] [--minutes 60]`: the web vitals (p75 per page) and client
// errors the browsers reported in the last hour, from the shop's JSON log (a file, or standard input).
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { summariseTelemetry, telemetryTable } from "@/src/domain/telemetry/telemetry-report";

const { values } = parseArgs({
  options: { file: { type: "string" }, minutes: { type: "string", default: "60" } },
});
const minutes = Number(values.minutes);
if (!Number.isFinite(minutes) || minutes <= 0) {
  console.error("--minutes must be a positive number");
  process.exit(1);
}
const input = values.file ? createReadStream(values.file) : process.stdin;
const lines: string[] = [];
for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) lines.push(line);
const summary = summariseTelemetry(lines, new Date(Date.now() - minutes * 60_000));
if (summary.length === 0) console.log(`No telemetry in the last ${minutes} minutes.`);
else console.log(`Telemetry of the last ${minutes} minutes (p75, count):\n\n${telemetryTable(summary)}`);
