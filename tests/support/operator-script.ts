import { execFile } from "node:child_process";
import { promisify } from "node:util";

const runFile = promisify(execFile);

/**
 * `npm run <script>` as an operator types it beside a shop on the embedded database (decision 22): only the
 * database folder in common with the shop, none of its address, port or secret.
 */
export function runOperatorScript(dataDir: string, script: string, args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, PGLITE_DATA_DIR: dataDir };
  for (const name of ["SESSION_SECRET", "BASE_URL", "PORT", "DATABASE_URL", "API_ORIGIN"]) delete env[name];
  return runFile(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], { env });
}

/** The rows of a script's `;`-separated CSV, its header left out. */
export const csvRows = (csv: string) =>
  csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(";"));
