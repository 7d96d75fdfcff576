// Browser tests run in Debian's Chromium. When it is missing: install it with apt-get as root, or say
// exactly what to install. Never downloads a browser of its own.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "chromium"]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed; install chromium by hand and run the tests again.`);
      process.exit(1);
    }
  }
  execFileSync(CHROMIUM, ["--version"], { stdio: "inherit" });
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
