// Browser tests run in Debian's Chromium: the journeys and the content check in its headless shell
// (`chromium-headless-shell`, the same build without the desktop browser around it: half the CPU per
// journey, decision 20), Lighthouse in the full browser. When one is missing: install it with apt-get as
// root, or say exactly what to install. Never downloads a browser of its own.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The headless shell the journeys and the content check launch; CHROMIUM_PATH names another build. */
export const HEADLESS_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
/** The full browser (Lighthouse in `npm run bench`). */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const PACKAGES = [
  [HEADLESS_CHROMIUM, "chromium-headless-shell"],
  [FULL_CHROMIUM, "chromium"],
];

export function ensureChromium() {
  const missing = PACKAGES.filter(([binary]) => !existsSync(binary)).map(([, name]) => name);
  if (missing.length === 0) return HEADLESS_CHROMIUM;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing (${missing.join(", ")}). Install it with:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(" ")}`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing: installing Debian's ${missing.join(" and ")} package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...missing]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(
        `apt-get ${args.join(" ")} failed; install ${missing.join(" ")} by hand and run the tests again.`,
      );
      process.exit(1);
    }
  }
  execFileSync(HEADLESS_CHROMIUM, ["--version"], { stdio: "inherit" });
  return HEADLESS_CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
