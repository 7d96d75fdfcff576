import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/**
 * A second Node process for the tests that need two at once (PostgreSQL only: PGlite serves one process):
 * `node --import tsx <script> ...args`. The script prints `ready` once it is set up and waits for a line on
 * its standard input; `go` sends it, and answers the JSON line the script prints when done.
 */
export async function startLineProcess<Outcome>(
  script: string,
  args: readonly string[],
): Promise<{ go: () => Promise<Outcome> }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once("line", resolve);
      child.once("exit", (code) => reject(new Error(`${script} exited (${code})`)));
    });
  const ready = await next();
  if (ready !== "ready") throw new Error(`${script} said "${ready}" instead of ready`);
  return {
    go: async () => {
      const outcome = next();
      child.stdin.write("go\n");
      return JSON.parse(await outcome) as Outcome;
    },
  };
}
